/**
 * The permissions model of spec §6. Fine-grained mode is known only when the server supports
 * entities with entitlements: `null` = not known yet, `false` = not fine-grained.
 * Unknown or false → everything is allowed; true → the entitlement must be in the object's
 * `access_entitlements`.
 */
export type FineGrained = boolean | null;

export const FINE_GRAINED_UNKNOWN_ERROR = 'Resource API fetch disabled if isFineGrained is null';

/** Server-level abilities: any one of the listed entitlements grants it. */
export const SERVER_ENTITLEMENTS = {
  createGroups: ['can_create_groups', 'permission_manager', 'admin'],
  // Spec §6 leaves these two names out; they are LXD's (lxd/auth/entitlements_generated.go).
  createIdentities: ['can_create_identities', 'permission_manager', 'admin'],
  createIdpGroups: ['can_create_identity_provider_groups', 'permission_manager', 'admin'],
  createProjects: ['can_create_projects', 'project_manager', 'admin'],
  createStoragePools: ['can_create_storage_pools', 'storage_pool_manager', 'admin'],
  editServerConfig: ['can_edit', 'admin'],
  viewMetrics: ['can_view_metrics', 'admin', 'viewer'],
  viewPermissions: ['can_view_permissions', 'permission_manager', 'admin'],
  viewResources: ['can_view_resources', 'admin', 'viewer'],
  // LXD's: choose a cluster member in a project with restricted.cluster.target=block.
  overrideClusterTarget: ['can_override_cluster_target_restriction', 'admin'],
} as const satisfies Record<string, readonly string[]>;

export type ServerAbility = keyof typeof SERVER_ENTITLEMENTS;

/** Project-level entitlements (spec §6). */
export const PROJECT_ENTITLEMENTS = [
  'can_create_image_aliases',
  'can_create_images',
  'can_create_instances',
  'can_create_networks',
  'can_create_network_acls',
  'can_create_profiles',
  'can_create_storage_volumes',
  'can_create_storage_buckets',
  'can_delete',
  'can_edit',
  'can_view_events',
  'can_view_operations',
] as const;

export type ProjectEntitlement = (typeof PROJECT_ENTITLEMENTS)[number];

export interface WithEntitlements {
  access_entitlements?: string[] | undefined;
}

/** Whether the object grants `entitlement` (or any of several) in the current mode. */
export function hasEntitlement(
  isFineGrained: FineGrained,
  entitlement: string | readonly string[],
  object: WithEntitlements | undefined,
): boolean {
  if (isFineGrained !== true) return true;
  const wanted = typeof entitlement === 'string' ? [entitlement] : entitlement;
  const granted = object?.access_entitlements ?? [];
  return wanted.some((name) => granted.includes(name));
}

/** A server-level ability, checked against the server object's entitlements. */
export function canOnServer(
  isFineGrained: FineGrained,
  ability: ServerAbility,
  server: WithEntitlements | undefined,
): boolean {
  return hasEntitlement(isFineGrained, SERVER_ENTITLEMENTS[ability], server);
}

/**
 * The queries whose call carries the caller's entitlements wait (`enabled`) until the mode is
 * known; their fetch runs this first, so one started anyway (a refetch ignores `enabled`) fails
 * with the spec's message instead of asking without the entitlements.
 */
export function assertFineGrainedKnown(
  isFineGrained: FineGrained,
): asserts isFineGrained is boolean {
  if (isFineGrained === null) throw new Error(FINE_GRAINED_UNKNOWN_ERROR);
}

/** The `with-access-entitlements` parameter for a list call: only in fine-grained mode. */
export function entitlementsParam(
  isFineGrained: FineGrained,
  entitlements: readonly string[],
): string | undefined {
  return isFineGrained === true && entitlements.length > 0 ? entitlements.join(',') : undefined;
}

/** Certificates whose type ends with '(unrestricted)' or starts with 'Server certificate'. */
function isUnrestrictedCertificateType(type: string): boolean {
  return type.endsWith('(unrestricted)') || type.startsWith('Server certificate');
}

/**
 * Whether the signed-in client is a restricted TLS certificate. A server with identities (LXD
 * 5.21+) names it in the type of the current identity ("Client certificate (restricted)"): any
 * certificate type but the unrestricted ones is restricted. A fine-grained TLS identity is no
 * such certificate (its groups say what it may do). Without the type, the certificate says.
 */
export function isRestrictedCertificate(input: {
  identity:
    | { authentication_method: string; type?: string | undefined; fine_grained?: boolean }
    | undefined;
  certificate: { restricted: boolean } | undefined;
}): boolean {
  const { identity, certificate } = input;
  if (identity?.type !== undefined) {
    return (
      identity.authentication_method === 'tls' &&
      identity.fine_grained !== true &&
      !isUnrestrictedCertificateType(identity.type)
    );
  }
  return certificate?.restricted === true;
}

/**
 * Restricted user: not fine-grained and (the certificate is restricted or the default project is
 * not 'default').
 */
export function isRestrictedUser(options: {
  isFineGrained: FineGrained;
  certificateRestricted: boolean;
  defaultProject: string;
}): boolean {
  return (
    options.isFineGrained !== true &&
    (options.certificateRestricted || options.defaultProject !== 'default')
  );
}

/** Default project: 'default' if present or if there are no projects, else the first. */
export function defaultProjectName(projects: readonly { name: string }[]): string {
  if (projects.length === 0 || projects.some((p) => p.name === 'default')) return 'default';
  return projects[0]?.name ?? 'default';
}
