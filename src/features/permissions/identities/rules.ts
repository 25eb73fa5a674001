/**
 * What the identity screens decide on their own: which identities are the system's (not people),
 * which ones groups apply to, labels, search, and the messages of disabled controls.
 */
import type { LxdIdentity } from '../../../lxd/types/identity';
import type { FineGrained } from '../../../shared/permissions/entitlements';
import { objectDenial } from '../../../shared/permissions/rules';
import { matchWords } from '../access';

/** `?system-identities=hide` (the navigation's link) leaves the system identities out. */
export const SYSTEM_IDENTITIES_PARAM = 'system-identities';
export const SYSTEM_IDENTITIES_HIDDEN = 'hide';

/**
 * Identity types that stand for machines rather than people (LXD shared/api/auth.go): cluster
 * members ("Server certificate"), metrics scrapers ("Metrics certificate (restricted)",
 * "… (unrestricted)"), links to other clusters ("Cluster link certificate", "… (pending)") and
 * instances talking to devLXD ("DevLXD token bearer").
 */
const SYSTEM_TYPE_PREFIXES = [
  'Server certificate',
  'Metrics certificate',
  'Cluster link certificate',
  'DevLXD token bearer',
] as const;

export function isSystemIdentity(identity: Pick<LxdIdentity, 'type'>): boolean {
  const type = identity.type ?? '';
  return SYSTEM_TYPE_PREFIXES.some((prefix) => type.startsWith(prefix));
}

/** The identities a page shows: without the system's when they are hidden. */
export function visibleIdentities(
  identities: readonly LxdIdentity[],
  hideSystem: boolean,
): LxdIdentity[] {
  return hideSystem
    ? identities.filter((identity) => !isSystemIdentity(identity))
    : [...identities];
}

/**
 * Identity types whose access does not come from groups (LXD refuses to change or delete them
 * through /1.0/auth/identities with 501): certificates from the certificate trust store, cluster
 * members, metrics certificates. The initial UI token may be deleted but has no groups.
 */
const NOT_IN_GROUPS = [
  'Client certificate (restricted)',
  'Client certificate (unrestricted)',
  'Server certificate',
  'Metrics certificate (restricted)',
  'Metrics certificate (unrestricted)',
  'Initial UI token bearer',
];
const UNDELETABLE = NOT_IN_GROUPS.filter((type) => type !== 'Initial UI token bearer');

export const IDENTITY_MESSAGES = {
  noCreate: 'You do not have permission to create identities',
  notInGroups: (type: string) =>
    `${type} identities do not get their access from groups: manage them as certificates`,
  nameRequired: 'Enter a name for the identity',
  nameExists: 'A TLS identity with this name already exists',
} as const;

/**
 * Why the signed-in identity may not change the identity's groups (`edit`) or delete it, if it
 * may not: LXD refuses either for some identity types, and fine-grained identities need the
 * entitlement on it.
 */
export function identityBlocker(
  identity: LxdIdentity,
  action: 'edit' | 'delete',
  isFineGrained: FineGrained,
): string | undefined {
  const refused = action === 'edit' ? NOT_IN_GROUPS : UNDELETABLE;
  if (identity.type && refused.includes(identity.type)) {
    return IDENTITY_MESSAGES.notInGroups(identity.type);
  }
  return objectDenial(isFineGrained, action, 'identity', identity);
}

export const editIdentityBlocker = (identity: LxdIdentity, isFineGrained: FineGrained) =>
  identityBlocker(identity, 'edit', isFineGrained);

export const deleteIdentityBlocker = (identity: LxdIdentity, isFineGrained: FineGrained) =>
  identityBlocker(identity, 'delete', isFineGrained);

/** Whether the row is the signed-in identity (same method and identifier). */
export function isSameIdentity(
  a: Pick<LxdIdentity, 'id' | 'authentication_method'>,
  b: Pick<LxdIdentity, 'id' | 'authentication_method'> | undefined,
): boolean {
  return b !== undefined && a.id === b.id && a.authentication_method === b.authentication_method;
}

/** A stable key of an identity: identifiers are unique per authentication method. */
export const identityKey = (identity: Pick<LxdIdentity, 'id' | 'authentication_method'>) =>
  `${identity.authentication_method}/${identity.id}`;

const METHOD_LABELS: Record<string, string> = { tls: 'TLS', oidc: 'OIDC', bearer: 'Bearer' };

export const authMethodLabel = (method: string) => METHOD_LABELS[method] ?? method;

/** The name to show: LXD leaves it empty for some identities (an OIDC user without a name). */
export const identityLabel = (identity: Pick<LxdIdentity, 'name' | 'id'>) =>
  identity.name || identity.id;

/** Every word must match the name, identifier, type or a group. */
export const matchIdentity = (term: string) =>
  matchWords<LxdIdentity>(term, (identity) =>
    [identity.name, identity.id, identity.type ?? '', ...(identity.groups ?? [])].join(' '),
  );

/** The distinct values of a field, sorted: the choices of a filter. */
export function distinctValues(
  identities: readonly LxdIdentity[],
  field: (identity: LxdIdentity) => string | undefined,
): string[] {
  return [
    ...new Set(identities.map(field).filter((value): value is string => Boolean(value))),
  ].sort();
}
