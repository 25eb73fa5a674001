import type { LxdIdentity } from '../../../../lxd/types/identity';
import { listPage } from '../../../../shared/pages';
import { BulkGroupsButtons } from '../components/BulkGroupsButtons';
import * as list from '../components/identityColumns';
import {
  IdentitiesEmpty,
  IdentityListActions,
  useIdentityRows,
} from '../components/IdentityListParts';
import { identityKey, identityLabel } from '../rules';
import '../../permissions.scss';

/**
 * /ui/permissions/identities: who may use the server (TLS clients, OIDC users, bearer tokens),
 * their groups; the signed-in identity is marked. `?system-identities=hide` (the navigation's
 * link) leaves out cluster members, metrics scrapers and other machines.
 */
export const IdentityListPage = listPage<LxdIdentity>({
  id: list.IDENTITY_LIST_ID,
  title: 'Identities',
  noun: { one: 'identity', other: 'identities' },
  className: 'access-page',
  useRows: useIdentityRows,
  columns: ({ auth }) => list.identityColumns(auth.identity),
  filters: (_context, rows) => list.identityFilters(rows),
  rowKey: identityKey,
  rowLabel: identityLabel,
  defaultSort: list.IDENTITY_LIST_SORT,
  search: list.IDENTITY_SEARCH,
  actions: () => <IdentityListActions />,
  empty: <IdentitiesEmpty />,
  selectDisabledReason: list.identitySelectReason,
  bulkActions: (selected, clear) => <BulkGroupsButtons identities={selected} onDone={clear} />,
  rowActions: list.identityRowActions,
  table: { actionsWidth: 14.5 },
});
