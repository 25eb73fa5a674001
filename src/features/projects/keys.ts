/**
 * The project configuration keys the form edits (spec §3: features.*, limits.*, restricted.*)
 * as the form kit's config key descriptors, with the API extension a key needs where older
 * servers lack it (detect by name only). Kinds of the project form's own: 'feature' (a checkbox
 * writing true or false), 'size' (a number and a unit), 'switch' (restricted).
 */
import {
  applicableKeys,
  configKey,
  type ConfigKeyField,
  type ConfigKeyKind,
} from '../../shared/forms/config-keys';

/** What decides whether a key applies: the server's API extensions. */
export interface ProjectKeyContext {
  extensions: readonly string[];
}

export type ProjectKey = ConfigKeyField<ProjectKeyContext>;

export interface FeatureKey extends ProjectKey {
  /** Whether a new project gets the feature unless the user turns it off. */
  createDefault: boolean;
}

/** A key the server has only with `extension`. */
const needs = (extension: string | undefined) =>
  extension === undefined
    ? {}
    : { applies: ({ extensions }: ProjectKeyContext) => extensions.includes(extension) };

function projectKey(
  key: string,
  label: string,
  section: string,
  kind: ConfigKeyKind,
  {
    extension,
    ...extras
  }: Partial<Omit<ProjectKey, 'key' | 'label' | 'section' | 'kind'>> & {
    extension?: string;
  } = {},
): ProjectKey {
  return configKey<ProjectKeyContext>(key, label, section, kind, {
    ...extras,
    ...needs(extension),
  });
}

const feature = (
  key: string,
  label: string,
  help: string,
  createDefault: boolean,
  extension?: string,
): FeatureKey => ({
  ...projectKey(key, label, 'project-details', 'feature', { help, extension }),
  createDefault,
});

export const PROJECT_FEATURES: readonly FeatureKey[] = [
  feature('features.images', 'Images', 'Its own images and image aliases', true),
  feature('features.profiles', 'Profiles', 'Its own profiles', true),
  feature('features.storage.volumes', 'Storage volumes', 'Its own custom storage volumes', true),
  feature(
    'features.storage.buckets',
    'Storage buckets',
    'Its own storage buckets',
    true,
    'storage_buckets',
  ),
  feature(
    'features.networks',
    'Networks',
    'Its own networks (otherwise it uses those of the default project)',
    false,
    'projects_networks',
  ),
  feature(
    'features.networks.zones',
    'Network zones',
    'Its own network zones',
    false,
    'projects_networks_zones',
  ),
];

/** A limit: a count ('number') or a size with a unit ('size'); empty is no limit. */
const limit = (
  key: string,
  label: string,
  kind: 'number' | 'size',
  help: string,
  extension?: string,
) => projectKey(key, label, 'resource-limits', kind, { help, placeholder: 'No limit', extension });

export const PROJECT_LIMITS: readonly ProjectKey[] = [
  limit(
    'limits.instances',
    'Instances',
    'number',
    'Most instances the project can hold',
    'projects_limits_instances',
  ),
  limit('limits.containers', 'Containers', 'number', 'Most containers the project can hold'),
  limit(
    'limits.virtual-machines',
    'Virtual machines',
    'number',
    'Most virtual machines the project can hold',
  ),
  limit('limits.cpu', 'CPU', 'number', 'Sum of the limits.cpu of its instances'),
  limit('limits.memory', 'Memory', 'size', 'Sum of the limits.memory of its instances'),
  limit(
    'limits.disk',
    'Disk',
    'size',
    'Disk space used by its instance volumes, custom volumes and images',
    'projects_limits_disk',
  ),
  limit(
    'limits.networks',
    'Networks',
    'number',
    'Most networks the project can hold',
    'projects_networks',
  ),
  limit('limits.processes', 'Processes', 'number', 'Sum of the limits.processes of its instances'),
];

/** The restrictions of a project, in groups (fieldsets) of keys. */
export interface RestrictionGroup {
  id: string;
  title: string;
  keys: readonly ProjectKey[];
}

const ALLOW_BLOCK = ['allow', 'block'] as const;
const ALLOW_BLOCK_MANAGED = ['allow', 'block', 'managed'] as const;

/** A key that takes one of `options`; unset, the server applies `defaultText`. */
const choice = (
  key: string,
  label: string,
  options: readonly string[],
  defaultText: string,
  extras: { help?: string; extension?: string } = {},
) =>
  projectKey(key, label, 'restrictions', 'select', {
    options: options.map((value) => ({ value, label: value })),
    defaultText,
    ...extras,
  });

/** A key that takes a comma-separated list. */
const list = (key: string, label: string, help: string, extension?: string) =>
  projectKey(key, label, 'restrictions', 'text', { help, placeholder: 'Not set', extension });

const device = (type: string, options: readonly string[] = ALLOW_BLOCK, defaultText = 'block') =>
  choice(`restricted.devices.${type}`, `${type} devices`, options, defaultText);

/** The switch that makes the other restrictions take effect. */
export const RESTRICTED = projectKey(
  'restricted',
  'Restrict this project',
  'restrictions',
  'switch',
);

export const PROJECT_RESTRICTIONS: readonly RestrictionGroup[] = [
  {
    id: 'instances',
    title: 'Containers and virtual machines',
    keys: [
      choice('restricted.containers.nesting', 'Container nesting', ALLOW_BLOCK, 'block', {
        help: 'Whether security.nesting can be turned on',
      }),
      choice(
        'restricted.containers.privilege',
        'Container privilege',
        ['unprivileged', 'isolated', 'allow'],
        'unprivileged',
        {
          help: 'unprivileged blocks security.privileged; isolated also requires security.idmap.isolated',
        },
      ),
      choice(
        'restricted.containers.lowlevel',
        'Container low-level options',
        ALLOW_BLOCK,
        'block',
        {
          help: 'raw.lxc, raw.idmap, volatile.* and similar',
        },
      ),
      choice(
        'restricted.containers.interception',
        'System call interception',
        ['allow', 'block', 'full'],
        'block',
        { extension: 'projects_restricted_intercept' },
      ),
      choice('restricted.virtual-machines.lowlevel', 'VM low-level options', ALLOW_BLOCK, 'block', {
        help: 'raw.qemu, volatile.* and similar',
      }),
      list(
        'restricted.idmap.uid',
        'Allowed host UIDs in raw.idmap',
        'Comma-separated UIDs or ranges, e.g. 1000,2000-2100',
      ),
      list(
        'restricted.idmap.gid',
        'Allowed host GIDs in raw.idmap',
        'Comma-separated GIDs or ranges',
      ),
    ],
  },
  {
    id: 'devices',
    title: 'Devices',
    keys: [
      device('disk', ALLOW_BLOCK_MANAGED, 'managed'),
      list(
        'restricted.devices.disk.paths',
        'Allowed disk source paths',
        'Comma-separated host path prefixes for disk devices when disk is allow',
      ),
      device('nic', ALLOW_BLOCK_MANAGED, 'managed'),
      device('gpu'),
      device('usb'),
      device('pci'),
      device('proxy'),
      device('infiniband'),
      device('unix-char'),
      device('unix-block'),
      device('unix-hotplug'),
    ],
  },
  {
    id: 'networks',
    title: 'Networks',
    keys: [
      list(
        'restricted.networks.uplinks',
        'Uplink networks',
        'Comma-separated networks of the default project usable as uplinks',
        'projects_networks_restricted_uplinks',
      ),
      list(
        'restricted.networks.subnets',
        'Uplink subnets',
        'Comma-separated <uplink>:<subnet> pairs the project may use',
      ),
      list(
        'restricted.networks.access',
        'Accessible networks',
        'Comma-separated networks instances may connect to',
        'projects_networks_restricted_access',
      ),
      list(
        'restricted.networks.zones',
        'Network zones',
        'Comma-separated DNS zones the project may use',
      ),
    ],
  },
  {
    id: 'cluster',
    title: 'Cluster',
    keys: [
      choice('restricted.cluster.target', 'Target cluster members', ALLOW_BLOCK, 'block', {
        help: 'Whether instances may be placed on a chosen member',
        extension: 'projects_restricted_cluster_target',
      }),
      list(
        'restricted.cluster.groups',
        'Cluster groups',
        'Comma-separated cluster groups instances may target',
        'clustering_groups',
      ),
    ],
  },
  {
    id: 'backups',
    title: 'Backups and snapshots',
    keys: [
      choice('restricted.backups', 'Backups', ALLOW_BLOCK, 'block', {
        extension: 'projects_restricted_backups_and_snapshots',
      }),
      choice('restricted.snapshots', 'Snapshots', ALLOW_BLOCK, 'block', {
        extension: 'projects_restricted_backups_and_snapshots',
      }),
    ],
  },
];

/** Every key of the form, the ones the server lacks included (they are kept as they are). */
export const PROJECT_KEYS: readonly ProjectKey[] = [
  ...PROJECT_FEATURES,
  ...PROJECT_LIMITS,
  RESTRICTED,
  ...PROJECT_RESTRICTIONS.flatMap((group) => group.keys),
];

/** The keys the server supports. */
export function supported<K extends ProjectKey>(
  keys: readonly K[],
  extensions: readonly string[],
): K[] {
  return applicableKeys<ProjectKeyContext>(keys, { extensions }) as K[];
}
