import { useQuery } from '@tanstack/react-query';
import type { LxdIdpGroup } from '../../../../lxd/types/auth';
import { listPage, listRows } from '../../../../shared/pages';
import { idpGroupsQuery } from '../../access';
import { CreateIdpGroupButton } from '../components/CreateIdpGroupButton';
import { IDP_GROUP_COLUMNS, IDP_GROUP_SEARCH, idpGroupName } from '../components/idpGroupList';
import { IdpGroupRowActions } from '../components/IdpGroupRowActions';
import '../../permissions.scss';

/**
 * /ui/permissions/idp-groups: the groups an identity provider (OIDC) puts its users in, and the
 * LXD groups each one maps to; create, change the mapping, rename, delete.
 */
export const IdpGroupListPage = listPage<LxdIdpGroup>({
  id: 'idp-groups',
  title: 'IdP groups',
  noun: { one: 'IdP group', other: 'IdP groups' },
  className: 'access-page',
  useRows: ({ auth }) => listRows(useQuery(idpGroupsQuery(auth.isFineGrained))),
  columns: () => IDP_GROUP_COLUMNS,
  rowKey: idpGroupName,
  defaultSort: { column: 'name', direction: 'ascending' },
  search: IDP_GROUP_SEARCH,
  actions: () => <CreateIdpGroupButton />,
  empty:
    'An IdP group is a group your identity provider puts users in (its groups claim). Map it to LXD groups to give its users their permissions when they sign in with SSO.',
  rowActions: () => (idpGroup) => <IdpGroupRowActions idpGroup={idpGroup} />,
  table: { actionsWidth: 21.5 },
});
