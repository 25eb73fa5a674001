/**
 * Access-management calls (extension `access_management`; the LXD reference, doc/rest-api.yaml:
 * /1.0/auth/identities, /1.0/auth/groups, /1.0/auth/identity-provider-groups,
 * /1.0/auth/permissions). All of them answer synchronously.
 */
import { del, get, getWithEtag, post, put, type WithEtag } from '../client';
import type {
  LxdAuthGroup,
  LxdAuthGroupPut,
  LxdAuthGroupsPost,
  LxdCertificateAddToken,
  LxdEntityTypeMetadata,
  LxdIdentityPut,
  LxdIdpGroup,
  LxdIdpGroupsPost,
  LxdPermission,
} from '../types/auth';
import type { LxdIdentity } from '../types/identity';

const seg = encodeURIComponent;

export const identityPath = (authenticationMethod: string, id: string) =>
  `/1.0/auth/identities/${seg(authenticationMethod)}/${seg(id)}`;
export const groupPath = (name: string) => `/1.0/auth/groups/${seg(name)}`;
export const idpGroupPath = (name: string) => `/1.0/auth/identity-provider-groups/${seg(name)}`;

interface ListOptions {
  /** `with-access-entitlements` (fine-grained identities only). */
  entitlements?: string | undefined;
  signal?: AbortSignal | undefined;
}

const listParams = (options: ListOptions) => ({
  recursion: 1,
  params: { 'with-access-entitlements': options.entitlements },
  signal: options.signal,
});

/* Identities */

/** GET /1.0/auth/identities?recursion=1 */
export async function fetchIdentities(options: ListOptions = {}): Promise<LxdIdentity[]> {
  return (await get<LxdIdentity[] | null>('/1.0/auth/identities', listParams(options))) ?? [];
}

/** GET /1.0/auth/identities/{method}/{id}?recursion=1, keeping the ETag for a later PUT. */
export function fetchIdentity(
  authenticationMethod: string,
  id: string,
  signal?: AbortSignal,
): Promise<WithEtag<LxdIdentity>> {
  return getWithEtag<LxdIdentity>(identityPath(authenticationMethod, id), { recursion: 1, signal });
}

/**
 * PUT /1.0/auth/identities/{method}/{id} {groups} with the ETag it was read with. The
 * certificate is left out on purpose: LXD keeps it when the field is empty, while sending it back
 * would make LXD validate it again (an expired certificate would then refuse a group change).
 */
export async function updateIdentity(
  authenticationMethod: string,
  id: string,
  body: LxdIdentityPut,
  etag: string | undefined,
): Promise<void> {
  await put(identityPath(authenticationMethod, id), body, { etag });
}

/** A change of a group list: what it becomes given what it is now. */
export type GroupsChange = (groups: readonly string[]) => string[];

/** Reads the object (for its groups and ETag), then writes back what `change` makes of them. */
async function rewriteGroups(
  read: () => Promise<WithEtag<{ groups?: string[] | null }>>,
  write: (groups: string[], etag: string | undefined) => Promise<void>,
  change: GroupsChange,
): Promise<void> {
  const current = await read();
  await write(change(current.groups ?? []), current.etag);
}

/** Sets an identity's groups to what `change` makes of its current ones (GET, then PUT). */
export function changeIdentityGroups(
  authenticationMethod: string,
  id: string,
  change: GroupsChange,
): Promise<void> {
  return rewriteGroups(
    () => fetchIdentity(authenticationMethod, id),
    (groups, etag) => updateIdentity(authenticationMethod, id, { groups }, etag),
    change,
  );
}

/** DELETE /1.0/auth/identities/{method}/{id} */
export async function deleteIdentity(authenticationMethod: string, id: string): Promise<void> {
  await del(identityPath(authenticationMethod, id));
}

/**
 * The trust token a client redeems (`lxc remote add <name> <token>`): the token's fields as JSON,
 * base64-encoded, as LXD's own client encodes them. A server that answers a ready string (or an
 * object with `token`) is taken at its word.
 */
export function encodeTrustToken(answer: unknown): string {
  if (typeof answer === 'string') return answer;
  if (typeof answer !== 'object' || answer === null) {
    throw new Error('The server did not return a token');
  }
  const record = answer as Record<string, unknown>;
  if (typeof record.token === 'string') return record.token;
  if (typeof record.secret !== 'string') throw new Error('The server did not return a token');
  const token = answer as LxdCertificateAddToken;
  // Field order as LXD writes them (api.CertificateAddToken).
  const json = JSON.stringify({
    client_name: token.client_name,
    fingerprint: token.fingerprint,
    addresses: token.addresses,
    secret: token.secret,
    expires_at: token.expires_at,
    type: token.type,
  });
  let binary = '';
  for (const byte of new TextEncoder().encode(json)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export interface CreatedTlsIdentityToken {
  /** What the client redeems. */
  token: string;
  /** When the token stops working, when the server says. */
  expiresAt: string | undefined;
}

/**
 * POST /1.0/auth/identities/tls {name, groups, token: true} (extension `access_management_tls`):
 * creates a pending TLS identity and answers its trust token.
 */
export async function createTlsIdentityToken(
  name: string,
  groups: readonly string[],
): Promise<CreatedTlsIdentityToken> {
  const result = await post('/1.0/auth/identities/tls', {
    name,
    groups,
    token: true,
  });
  const expires = (result.metadata as { expires_at?: unknown } | null)?.expires_at;
  return {
    token: encodeTrustToken(result.metadata),
    expiresAt: typeof expires === 'string' ? expires : undefined,
  };
}

/* Groups */

/** GET /1.0/auth/groups?recursion=1 */
export async function fetchGroups(options: ListOptions = {}): Promise<LxdAuthGroup[]> {
  return (await get<LxdAuthGroup[] | null>('/1.0/auth/groups', listParams(options))) ?? [];
}

/** GET /1.0/auth/groups/{name}, keeping the ETag for a later PUT. */
export function fetchGroup(name: string, signal?: AbortSignal): Promise<WithEtag<LxdAuthGroup>> {
  return getWithEtag<LxdAuthGroup>(groupPath(name), { signal });
}

/** POST /1.0/auth/groups {name, description, permissions} */
export async function createGroup(body: LxdAuthGroupsPost): Promise<void> {
  await post('/1.0/auth/groups', body);
}

/** PUT /1.0/auth/groups/{name} {description, permissions} with If-Match (412 = changed). */
export async function updateGroup(
  name: string,
  body: LxdAuthGroupPut,
  etag: string | undefined,
): Promise<void> {
  await put(groupPath(name), body, { etag });
}

/** POST /1.0/auth/groups/{name} {name}: rename. */
export async function renameGroup(name: string, newName: string): Promise<void> {
  await post(groupPath(name), { name: newName });
}

/** DELETE /1.0/auth/groups/{name} */
export async function deleteGroup(name: string): Promise<void> {
  await del(groupPath(name));
}

/* Identity-provider groups */

/** GET /1.0/auth/identity-provider-groups?recursion=1 */
export async function fetchIdpGroups(options: ListOptions = {}): Promise<LxdIdpGroup[]> {
  return (
    (await get<LxdIdpGroup[] | null>('/1.0/auth/identity-provider-groups', listParams(options))) ??
    []
  );
}

/** GET /1.0/auth/identity-provider-groups/{name}, keeping the ETag for a later PUT. */
export function fetchIdpGroup(name: string, signal?: AbortSignal): Promise<WithEtag<LxdIdpGroup>> {
  return getWithEtag<LxdIdpGroup>(idpGroupPath(name), { signal });
}

/** POST /1.0/auth/identity-provider-groups {name, groups} */
export async function createIdpGroup(body: LxdIdpGroupsPost): Promise<void> {
  await post('/1.0/auth/identity-provider-groups', body);
}

/** PUT /1.0/auth/identity-provider-groups/{name} {groups} with If-Match. */
export async function updateIdpGroup(
  name: string,
  groups: readonly string[],
  etag: string | undefined,
): Promise<void> {
  await put(idpGroupPath(name), { groups }, { etag });
}

/** Sets an IdP group's groups to what `change` makes of its current ones (GET, then PUT). */
export function changeIdpGroupGroups(name: string, change: GroupsChange): Promise<void> {
  return rewriteGroups(
    () => fetchIdpGroup(name),
    (groups, etag) => updateIdpGroup(name, groups, etag),
    change,
  );
}

/** POST /1.0/auth/identity-provider-groups/{name} {name}: rename. */
export async function renameIdpGroup(name: string, newName: string): Promise<void> {
  await post(idpGroupPath(name), { name: newName });
}

/** DELETE /1.0/auth/identity-provider-groups/{name} */
export async function deleteIdpGroup(name: string): Promise<void> {
  await del(idpGroupPath(name));
}

/* What can be granted */

/**
 * GET /1.0/auth/permissions?entity-type={type}[&project={project}]: every entity of the type
 * (in the project, for project entities) with each entitlement it offers, one row per pair.
 */
export async function fetchPermissionChoices(
  entityType: string,
  project: string | undefined,
  signal?: AbortSignal,
): Promise<LxdPermission[]> {
  return (
    (await get<LxdPermission[] | null>('/1.0/auth/permissions', {
      params: { 'entity-type': entityType, project },
      signal,
    })) ?? []
  );
}

/**
 * The entity types a permission may name, with their entitlements (GET
 * /1.0/metadata/configuration `entities`, extension `metadata_configuration_entity_types`).
 */
export async function fetchEntityTypes(
  signal?: AbortSignal,
): Promise<Record<string, LxdEntityTypeMetadata>> {
  const metadata = await get<{ entities?: Record<string, LxdEntityTypeMetadata> | null }>(
    '/1.0/metadata/configuration',
    { signal },
  );
  return metadata.entities ?? {};
}
