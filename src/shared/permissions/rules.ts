/**
 * What each control needs (spec §6), as one table: an action, the entitlement that allows it and
 * the reason a control shows, disabled, when the entitlement is missing. Project-level actions
 * are checked against the project object, server-level ones against the server object and the
 * others against the object they act on (each with its own `access_entitlements`). Outside
 * fine-grained mode nothing is denied.
 */
import {
  PROJECT_ENTITLEMENTS,
  SERVER_ENTITLEMENTS,
  hasEntitlement,
  type FineGrained,
  type ProjectEntitlement,
  type ServerAbility,
  type WithEntitlements,
} from './entitlements';

interface ProjectRule {
  entitlement: ProjectEntitlement;
  reason: string;
}

/** The reason of every rule: what the identity may not do. */
const denied = (what: string) => `You do not have permission to ${what}`;

/** A project-level rule: the project's `entitlement` allows `what`. */
const inProject = (entitlement: ProjectEntitlement, what: string): ProjectRule => ({
  entitlement,
  reason: denied(what),
});

/** Actions checked against the current project's entitlements. */
export const PROJECT_RULES = {
  createInstances: inProject('can_create_instances', 'create instances in this project'),
  createProfiles: inProject('can_create_profiles', 'create profiles in this project'),
  createNetworks: inProject('can_create_networks', 'create networks in this project'),
  createNetworkAcls: inProject('can_create_network_acls', 'create network ACLs in this project'),
  createImages: inProject('can_create_images', 'create images in this project'),
  createImageAliases: inProject('can_create_image_aliases', 'create image aliases in this project'),
  createStorageVolumes: inProject(
    'can_create_storage_volumes',
    'create storage volumes in this project',
  ),
  createStorageBuckets: inProject(
    'can_create_storage_buckets',
    'create storage buckets in this project',
  ),
  editProject: inProject('can_edit', 'change this project'),
  renameProject: inProject('can_edit', 'rename this project'),
  deleteProject: inProject('can_delete', 'delete this project'),
  viewEvents: inProject('can_view_events', 'view the events of this project'),
  viewOperations: inProject('can_view_operations', 'view the operations of this project'),
} as const satisfies Record<string, ProjectRule>;

export type ProjectAction = keyof typeof PROJECT_RULES;

/** Actions checked against the server's entitlements (any of the ability's list, spec §6). */
export const SERVER_RULES = {
  createProjects: {
    ability: 'createProjects',
    // Spec §8: the project selector's create entry says exactly this.
    reason: 'You do not have permission to create projects',
  },
  createStoragePools: {
    ability: 'createStoragePools',
    reason: 'You do not have permission to create storage pools',
  },
  editSettings: {
    ability: 'editServerConfig',
    reason: 'You do not have permission to edit server settings',
  },
  enableClustering: {
    ability: 'editServerConfig',
    reason: 'You do not have permission to edit the server configuration',
  },
  changeClusterMembers: {
    ability: 'editServerConfig',
    reason: 'You do not have permission to change cluster members',
  },
  changeWarnings: {
    ability: 'editServerConfig',
    reason: 'You do not have permission to acknowledge or delete warnings',
  },
  cancelOthersOperations: {
    ability: 'editServerConfig',
    reason: 'You do not have permission to cancel operations started by others',
  },
  viewResources: {
    ability: 'viewResources',
    reason: 'You do not have permission to view the hardware of this server',
  },
  viewPoolResources: {
    ability: 'viewResources',
    reason: 'You do not have permission to view the usage of storage pools',
  },
  viewMetrics: {
    ability: 'viewMetrics',
    reason: 'You do not have permission to view metrics',
  },
  viewPermissions: {
    ability: 'viewPermissions',
    reason: 'You do not have permission to view permissions',
  },
  overrideClusterTarget: {
    ability: 'overrideClusterTarget',
    reason: 'You do not have permission to choose a cluster member in this project',
  },
} as const satisfies Record<string, { ability: ServerAbility; reason: string }>;

export type ServerAction = keyof typeof SERVER_RULES;

/**
 * Actions checked against the entitlements of the object they act on; the reason says "… to
 * {verb} this {noun}".
 */
export const OBJECT_RULES = {
  edit: { entitlement: 'can_edit', verb: 'change' },
  rename: { entitlement: 'can_edit', verb: 'rename' },
  delete: { entitlement: 'can_delete', verb: 'delete' },
  updateState: { entitlement: 'can_update_state', verb: 'change the state of' },
  manageSnapshots: { entitlement: 'can_manage_snapshots', verb: 'manage the snapshots of' },
  restoreSnapshot: { entitlement: 'can_edit', verb: 'restore snapshots of' },
  manageBackups: { entitlement: 'can_manage_backups', verb: 'export backups of' },
  exec: { entitlement: 'can_exec', verb: 'open a terminal in' },
  console: { entitlement: 'can_access_console', verb: 'open the console of' },
  accessFiles: { entitlement: 'can_access_files', verb: 'change the files of' },
} as const satisfies Record<string, { entitlement: string; verb: string }>;

export type ObjectAction = keyof typeof OBJECT_RULES;

/**
 * The entitlements each screen asks for with its list or detail call (`with-access-entitlements`),
 * by LXD entity type. LXD answers 400 for an entitlement that is not valid for the entity type,
 * so these are only names LXD lists for that type (lxd/auth/entitlements_generated.go).
 */
export const ENTITY_ENTITLEMENTS = {
  server: [...new Set(Object.values(SERVER_ENTITLEMENTS).flat())],
  project: PROJECT_ENTITLEMENTS,
  instance: [
    'can_edit',
    'can_delete',
    'can_update_state',
    'can_manage_snapshots',
    'can_manage_backups',
    'can_exec',
    'can_access_console',
    'can_access_files',
  ],
  profile: ['can_edit', 'can_delete'],
  network: ['can_edit', 'can_delete'],
  network_acl: ['can_edit', 'can_delete'],
  // Spec §6: in fine-grained mode the image list also asks for can_delete.
  image: ['can_delete'],
  image_alias: ['can_delete'],
  storage_pool: ['can_edit', 'can_delete'],
  storage_volume: ['can_edit', 'can_delete', 'can_manage_snapshots', 'can_manage_backups'],
  storage_bucket: ['can_edit', 'can_delete'],
} as const satisfies Record<string, readonly string[]>;

export type EntityType = keyof typeof ENTITY_ENTITLEMENTS;

/** Why the project does not allow `action`, or undefined when it does. */
export function projectDenial(
  isFineGrained: FineGrained,
  action: ProjectAction,
  project: WithEntitlements | undefined,
): string | undefined {
  const rule: ProjectRule = PROJECT_RULES[action];
  return hasEntitlement(isFineGrained, rule.entitlement, project) ? undefined : rule.reason;
}

/** Why the server does not allow `action`, or undefined when it does. */
export function serverDenial(
  isFineGrained: FineGrained,
  action: ServerAction,
  server: WithEntitlements | undefined,
): string | undefined {
  const rule = SERVER_RULES[action];
  return hasEntitlement(isFineGrained, SERVER_ENTITLEMENTS[rule.ability], server)
    ? undefined
    : rule.reason;
}

/** The reason of an object action, e.g. "You do not have permission to delete this profile". */
export function objectReason(action: ObjectAction, noun: string): string {
  return denied(`${OBJECT_RULES[action].verb} this ${noun}`);
}

/** Why `object` (a `noun`: "profile", "instance") does not allow `action`, or undefined. */
export function objectDenial(
  isFineGrained: FineGrained,
  action: ObjectAction,
  noun: string,
  object: WithEntitlements | undefined,
): string | undefined {
  return hasEntitlement(isFineGrained, OBJECT_RULES[action].entitlement, object)
    ? undefined
    : objectReason(action, noun);
}

/**
 * Why a bulk `action` is not allowed on every one of `objects`: the object's own reason for one,
 * "… all the selected {nouns}" for several; undefined when each allows it.
 */
export function selectionDenial(
  isFineGrained: FineGrained,
  action: ObjectAction,
  noun: { one: string; other: string },
  objects: readonly WithEntitlements[],
): string | undefined {
  const refused = objects.some((object) => objectDenial(isFineGrained, action, noun.one, object));
  if (!refused) return undefined;
  return objects.length === 1
    ? objectReason(action, noun.one)
    : denied(`${OBJECT_RULES[action].verb} all the selected ${noun.other}`);
}
