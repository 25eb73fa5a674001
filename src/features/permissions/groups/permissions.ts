/**
 * A group's permissions: how they read ("can_view on instance c1 (project default)"), what an
 * edit adds and removes, and which entity types a permission may name.
 */
import type { LxdEntityTypeMetadata, LxdPermission } from '../../../lxd/types/auth';

/** A permission's identity: the same entitlement on the same entity is the same permission. */
export const permissionKey = (permission: LxdPermission) =>
  `${permission.entity_type} ${permission.url} ${permission.entitlement}`;

export interface PermissionChanges {
  added: LxdPermission[];
  removed: LxdPermission[];
}

/** What going from `before` to `after` adds and removes (order kept, duplicates ignored). */
export function buildPermissionChanges(
  before: readonly LxdPermission[],
  after: readonly LxdPermission[],
): PermissionChanges {
  const beforeKeys = new Set(before.map(permissionKey));
  const afterKeys = new Set(after.map(permissionKey));
  const unique = (list: readonly LxdPermission[], keep: (key: string) => boolean) => {
    const seen = new Set<string>();
    return list.filter((permission) => {
      const key = permissionKey(permission);
      if (seen.has(key) || !keep(key)) return false;
      seen.add(key);
      return true;
    });
  };
  return {
    added: unique(after, (key) => !beforeKeys.has(key)),
    removed: unique(before, (key) => !afterKeys.has(key)),
  };
}

const TYPE_LABELS: Record<string, string> = {
  network_acl: 'network ACL',
  identity_provider_group: 'IdP group',
};

/** "instance", "storage volume", "network ACL". */
export const entityTypeLabel = (entityType: string) =>
  TYPE_LABELS[entityType] ?? entityType.replaceAll('_', ' ');

const decode = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

/** What an entity URL names: its name, its storage pool and its project where it has them. */
export function parseEntityUrl(url: string): { name: string; pool?: string; project?: string } {
  const parsed = new URL(url, 'http://lxd');
  const parts = parsed.pathname.split('/').filter(Boolean).slice(1).map(decode);
  const project = parsed.searchParams.get('project') ?? undefined;
  const name = parts.length === 0 ? '' : (parts[parts.length - 1] ?? '');
  const pool = parts[0] === 'storage-pools' && parts.length > 2 ? parts[1] : undefined;
  return {
    name,
    ...(pool === undefined ? {} : { pool }),
    ...(project === undefined ? {} : { project }),
  };
}

/** "c1 (project default)", "vol1 (pool default, project default)", "" for the server. */
export function entityLabel(url: string): string {
  const { name, pool, project } = parseEntityUrl(url);
  const where = [pool && `pool ${pool}`, project && `project ${project}`].filter(Boolean);
  return where.length > 0 ? `${name} (${where.join(', ')})` : name;
}

/** "can_view on instance c1 (project default)", "admin on server". */
export function describePermission(permission: LxdPermission): string {
  const entity = entityLabel(permission.url);
  const type = entityTypeLabel(permission.entity_type);
  return `${permission.entitlement} on ${entity ? `${type} ${entity}` : type}`;
}

export interface EntityTypeChoice {
  name: string;
  /** Entities of the type live in a project (the project is asked for first). */
  projectSpecific: boolean;
  /** What each entitlement grants, where the server describes it. */
  descriptions: Record<string, string>;
}

/**
 * The entity types of LXD 5.21's authorization model, for servers that do not describe theirs
 * (no `metadata_configuration_entity_types`).
 */
const KNOWN_TYPES: readonly [string, boolean][] = [
  ['server', false],
  ['project', false],
  ['instance', true],
  ['profile', true],
  ['image', true],
  ['image_alias', true],
  ['network', true],
  ['network_acl', true],
  ['network_zone', true],
  ['storage_pool', false],
  ['storage_volume', true],
  ['storage_bucket', true],
  ['certificate', false],
  ['identity', false],
  ['group', false],
  ['identity_provider_group', false],
];

/** The server's entity types that have entitlements, or LXD 5.21's when it does not say. */
export function entityTypeChoices(
  metadata: Record<string, LxdEntityTypeMetadata> | undefined,
): EntityTypeChoice[] {
  if (!metadata || Object.keys(metadata).length === 0) {
    return KNOWN_TYPES.map(([name, projectSpecific]) => ({
      name,
      projectSpecific,
      descriptions: {},
    }));
  }
  return Object.entries(metadata)
    .filter(([, entity]) => (entity.entitlements ?? []).length > 0)
    .map(([name, entity]) => ({
      name,
      projectSpecific: entity.project_specific,
      descriptions: Object.fromEntries(
        (entity.entitlements ?? []).map((entitlement) => [
          entitlement.name,
          entitlement.description,
        ]),
      ),
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** The distinct entities among permission choices, in the server's order. */
export function entitiesOf(choices: readonly LxdPermission[]): string[] {
  return [...new Set(choices.map((choice) => choice.url))];
}

/** The entitlements an entity offers among permission choices. */
export function entitlementsOf(choices: readonly LxdPermission[], url: string): string[] {
  return choices.filter((choice) => choice.url === url).map((choice) => choice.entitlement);
}
