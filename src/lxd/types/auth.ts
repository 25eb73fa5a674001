/**
 * Access management (extension `access_management`, LXD 5.21+ and 6.x): groups of permissions,
 * identity-provider groups and the permissions that can be granted. Identities themselves are
 * `LxdIdentity` (types/identity.ts). Shapes follow the LXD reference (doc/rest-api.yaml:
 * AuthGroup, AuthGroupsPost, AuthGroupPut, IdentityProviderGroup*, Permission,
 * IdentitiesTLSPost, IdentityPut, CertificateAddToken).
 */

/** One permission of a group: an entitlement on one entity (GET /1.0/auth/permissions rows). */
export interface LxdPermission {
  /** `server`, `project`, `instance`, `storage_volume`, `group`, … */
  entity_type: string;
  /** The entity's API URL, e.g. `/1.0/instances/c1?project=default` (`/1.0` for the server). */
  url: string;
  entitlement: string;
}

/** GET /1.0/auth/groups/{name} */
export interface LxdAuthGroup {
  name: string;
  description: string;
  permissions: LxdPermission[] | null;
  /** Members: authentication method → identity identifiers. */
  identities?: Record<string, string[] | null> | null;
  /** The IdP groups whose mapping includes this group. */
  identity_provider_groups?: string[] | null;
  access_entitlements?: string[];
}

/** POST /1.0/auth/groups */
export interface LxdAuthGroupsPost {
  name: string;
  description: string;
  permissions: LxdPermission[];
}

/** PUT /1.0/auth/groups/{name} */
export interface LxdAuthGroupPut {
  description: string;
  permissions: LxdPermission[];
}

/** GET /1.0/auth/identity-provider-groups/{name} */
export interface LxdIdpGroup {
  name: string;
  /** The LXD groups the IdP group maps to. */
  groups: string[] | null;
  access_entitlements?: string[];
}

/** POST /1.0/auth/identity-provider-groups */
export interface LxdIdpGroupsPost {
  name: string;
  groups: string[];
}

/** PUT /1.0/auth/identities/{authentication_method}/{id} (the groups; the certificate is kept). */
export interface LxdIdentityPut {
  groups: string[];
}

/**
 * What POST /1.0/auth/identities/tls {name, groups, token: true} answers (extension
 * `access_management_tls`): the pending identity's trust token, as its fields. The token a client
 * redeems is these fields as JSON, base64-encoded.
 */
export interface LxdCertificateAddToken {
  client_name: string;
  fingerprint: string;
  addresses: string[];
  secret: string;
  expires_at: string;
  /** "Client certificate": tells the client to redeem it at /1.0/auth/identities/tls. */
  type?: string;
}

/**
 * An entity type's authorization metadata (GET /1.0/metadata/configuration `entities`, extension
 * `metadata_configuration_entity_types`).
 */
export interface LxdEntityTypeMetadata {
  project_specific: boolean;
  entitlements: { name: string; description: string }[] | null;
}
