/** The identity list's columns. LXD keeps no "last seen" time; credential expiry shows instead. */
import type { LxdIdentity } from '../../../../lxd/types/identity';
import { formatDate } from '../../../../shared/format/dates';
import type { PageContext } from '../../../../shared/pages';
import {
  textColumn,
  type ListColumn,
  type ListFilter,
  type ListSearch,
  type SortState,
} from '../../../../shared/ui/list';
import { ResourceIcon } from '../../../../shared/ui/ResourceIcon';
import {
  authMethodLabel,
  deleteIdentityBlocker,
  distinctValues,
  editIdentityBlocker,
  identityLabel,
  isSameIdentity,
  matchIdentity,
} from '../rules';
import { IdentityRowActions } from './IdentityRowActions';

/** The columns menu remembers its choice under `lxd-console.identities.hidden-columns`. */
export const IDENTITY_LIST_ID = 'identities';
export const IDENTITY_LIST_SORT: SortState = { column: 'name', direction: 'ascending' };

export const IDENTITY_SEARCH: ListSearch<LxdIdentity> = {
  label: 'Search identities',
  placeholder: 'Search by name, identifier, type or group',
  compile: matchIdentity,
};

const groupList = (identity: LxdIdentity) => (identity.groups ?? []).join(', ');

export function identityColumns(
  current: Pick<LxdIdentity, 'id' | 'authentication_method'> | undefined,
): ListColumn<LxdIdentity>[] {
  return [
    {
      id: 'name',
      header: 'Name',
      width: 12,
      alwaysShown: true,
      rowHeader: true,
      sortValue: identityLabel,
      cell: (identity) => (
        <span className="identity-name">
          <ResourceIcon
            type={identity.authentication_method === 'oidc' ? 'oidc-identity' : 'certificate'}
          />
          <span title={identityLabel(identity)}>{identityLabel(identity)}</span>
          {isSameIdentity(identity, current) && (
            <span className="p-status-label--information identity-you">You</span>
          )}
        </span>
      ),
    },
    textColumn('id', 'Identifier', (identity) => identity.id, {
      priority: 2,
      hiddenByDefault: true,
    }),
    textColumn(
      'method',
      'Authentication',
      (identity) => authMethodLabel(identity.authentication_method),
      { width: 9, priority: 2 },
    ),
    textColumn('type', 'Type', (identity) => identity.type ?? '', { width: 12, priority: 2 }),
    textColumn('groups', 'Groups', groupList),
    textColumn('expires', 'Expires', (identity) => identity.expires_at ?? '', {
      width: 9,
      priority: 2,
      cell: (identity) => (
        <span title={identity.expires_at}>{formatDate(identity.expires_at)}</span>
      ),
    }),
  ];
}

/** Filters in the URL: ?method=tls, ?type=OIDC%20client (the choices come from the rows). */
export function identityFilters(identities: readonly LxdIdentity[]): ListFilter<LxdIdentity>[] {
  return [
    {
      param: 'method',
      label: 'Authentication',
      options: distinctValues(identities, (identity) => identity.authentication_method).map(
        (method) => ({ value: method, label: authMethodLabel(method) }),
      ),
      match: (identity, value) => identity.authentication_method === value,
    },
    {
      param: 'type',
      label: 'Type',
      options: distinctValues(identities, (identity) => identity.type).map((type) => ({
        value: type,
        label: type,
      })),
      match: (identity, value) => identity.type === value,
    },
  ];
}

/** Rows whose groups the signed-in identity may not change cannot be selected, saying why. */
export const identitySelectReason =
  ({ auth }: PageContext) =>
  (identity: LxdIdentity) =>
    editIdentityBlocker(identity, auth.isFineGrained);

/** A row's Edit groups and Delete, each disabled with its reason. */
export const identityRowActions =
  ({ auth }: PageContext) =>
  (identity: LxdIdentity) => (
    <IdentityRowActions
      identity={identity}
      isCurrent={isSameIdentity(identity, auth.identity)}
      editReason={editIdentityBlocker(identity, auth.isFineGrained)}
      deleteReason={deleteIdentityBlocker(identity, auth.isFineGrained)}
    />
  );
