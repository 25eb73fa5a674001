/**
 * The project configuration keys the form edits (spec §3: features.*, limits.*, restricted.*),
 * with the API extension a key needs where older servers lack it (detect by name only).
 */

export interface FeatureKey {
  key: string;
  label: string;
  help: string;
  /** Whether a new project gets the feature unless the user turns it off. */
  createDefault: boolean;
  extension?: string;
}

export const PROJECT_FEATURES: readonly FeatureKey[] = [
  {
    key: 'features.images',
    label: 'Images',
    help: 'Its own images and image aliases',
    createDefault: true,
  },
  {
    key: 'features.profiles',
    label: 'Profiles',
    help: 'Its own profiles',
    createDefault: true,
  },
  {
    key: 'features.storage.volumes',
    label: 'Storage volumes',
    help: 'Its own custom storage volumes',
    createDefault: true,
  },
  {
    key: 'features.storage.buckets',
    label: 'Storage buckets',
    help: 'Its own storage buckets',
    createDefault: true,
    extension: 'storage_buckets',
  },
  {
    key: 'features.networks',
    label: 'Networks',
    help: 'Its own networks (otherwise it uses those of the default project)',
    createDefault: false,
    extension: 'projects_networks',
  },
  {
    key: 'features.networks.zones',
    label: 'Network zones',
    help: 'Its own network zones',
    createDefault: false,
    extension: 'projects_networks_zones',
  },
];

export type LimitKind = 'count' | 'size';

export interface LimitKey {
  key: string;
  label: string;
  kind: LimitKind;
  help: string;
  extension?: string;
}

export const PROJECT_LIMITS: readonly LimitKey[] = [
  {
    key: 'limits.instances',
    label: 'Instances',
    kind: 'count',
    help: 'Most instances the project can hold',
    extension: 'projects_limits_instances',
  },
  {
    key: 'limits.containers',
    label: 'Containers',
    kind: 'count',
    help: 'Most containers the project can hold',
  },
  {
    key: 'limits.virtual-machines',
    label: 'Virtual machines',
    kind: 'count',
    help: 'Most virtual machines the project can hold',
  },
  {
    key: 'limits.cpu',
    label: 'CPU',
    kind: 'count',
    help: 'Sum of the limits.cpu of its instances',
  },
  {
    key: 'limits.memory',
    label: 'Memory',
    kind: 'size',
    help: 'Sum of the limits.memory of its instances',
  },
  {
    key: 'limits.disk',
    label: 'Disk',
    kind: 'size',
    help: 'Disk space used by its instance volumes, custom volumes and images',
    extension: 'projects_limits_disk',
  },
  {
    key: 'limits.networks',
    label: 'Networks',
    kind: 'count',
    help: 'Most networks the project can hold',
    extension: 'projects_networks',
  },
  {
    key: 'limits.processes',
    label: 'Processes',
    kind: 'count',
    help: 'Sum of the limits.processes of its instances',
  },
];

/** `choice` keys take one of `options`; `list` keys take a comma-separated list. */
export interface RestrictionKey {
  key: string;
  label: string;
  kind: 'choice' | 'list';
  options?: readonly string[];
  /** What the server does when the key is not set. */
  defaultValue?: string;
  help?: string;
  extension?: string;
}

export interface RestrictionGroup {
  id: string;
  title: string;
  keys: readonly RestrictionKey[];
}

const ALLOW_BLOCK = ['allow', 'block'] as const;
const ALLOW_BLOCK_MANAGED = ['allow', 'block', 'managed'] as const;

const device = (
  type: string,
  options: readonly string[] = ALLOW_BLOCK,
  defaultValue = 'block',
): RestrictionKey => ({
  key: `restricted.devices.${type}`,
  label: `${type} devices`,
  kind: 'choice',
  options,
  defaultValue,
});

export const PROJECT_RESTRICTIONS: readonly RestrictionGroup[] = [
  {
    id: 'instances',
    title: 'Containers and virtual machines',
    keys: [
      {
        key: 'restricted.containers.nesting',
        label: 'Container nesting',
        kind: 'choice',
        options: ALLOW_BLOCK,
        defaultValue: 'block',
        help: 'Whether security.nesting can be turned on',
      },
      {
        key: 'restricted.containers.privilege',
        label: 'Container privilege',
        kind: 'choice',
        options: ['unprivileged', 'isolated', 'allow'],
        defaultValue: 'unprivileged',
        help: 'unprivileged blocks security.privileged; isolated also requires security.idmap.isolated',
      },
      {
        key: 'restricted.containers.lowlevel',
        label: 'Container low-level options',
        kind: 'choice',
        options: ALLOW_BLOCK,
        defaultValue: 'block',
        help: 'raw.lxc, raw.idmap, volatile.* and similar',
      },
      {
        key: 'restricted.containers.interception',
        label: 'System call interception',
        kind: 'choice',
        options: ['allow', 'block', 'full'],
        defaultValue: 'block',
        extension: 'projects_restricted_intercept',
      },
      {
        key: 'restricted.virtual-machines.lowlevel',
        label: 'VM low-level options',
        kind: 'choice',
        options: ALLOW_BLOCK,
        defaultValue: 'block',
        help: 'raw.qemu, volatile.* and similar',
      },
      {
        key: 'restricted.idmap.uid',
        label: 'Allowed host UIDs in raw.idmap',
        kind: 'list',
        help: 'Comma-separated UIDs or ranges, e.g. 1000,2000-2100',
      },
      {
        key: 'restricted.idmap.gid',
        label: 'Allowed host GIDs in raw.idmap',
        kind: 'list',
        help: 'Comma-separated GIDs or ranges',
      },
    ],
  },
  {
    id: 'devices',
    title: 'Devices',
    keys: [
      device('disk', ALLOW_BLOCK_MANAGED, 'managed'),
      {
        key: 'restricted.devices.disk.paths',
        label: 'Allowed disk source paths',
        kind: 'list',
        help: 'Comma-separated host path prefixes for disk devices when disk is allow',
      },
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
      {
        key: 'restricted.networks.uplinks',
        label: 'Uplink networks',
        kind: 'list',
        help: 'Comma-separated networks of the default project usable as uplinks',
        extension: 'projects_networks_restricted_uplinks',
      },
      {
        key: 'restricted.networks.subnets',
        label: 'Uplink subnets',
        kind: 'list',
        help: 'Comma-separated <uplink>:<subnet> pairs the project may use',
      },
      {
        key: 'restricted.networks.access',
        label: 'Accessible networks',
        kind: 'list',
        help: 'Comma-separated networks instances may connect to',
        extension: 'projects_networks_restricted_access',
      },
      {
        key: 'restricted.networks.zones',
        label: 'Network zones',
        kind: 'list',
        help: 'Comma-separated DNS zones the project may use',
      },
    ],
  },
  {
    id: 'cluster',
    title: 'Cluster',
    keys: [
      {
        key: 'restricted.cluster.target',
        label: 'Target cluster members',
        kind: 'choice',
        options: ALLOW_BLOCK,
        defaultValue: 'block',
        help: 'Whether instances may be placed on a chosen member',
        extension: 'projects_restricted_cluster_target',
      },
      {
        key: 'restricted.cluster.groups',
        label: 'Cluster groups',
        kind: 'list',
        help: 'Comma-separated cluster groups instances may target',
        extension: 'clustering_groups',
      },
    ],
  },
  {
    id: 'backups',
    title: 'Backups and snapshots',
    keys: [
      {
        key: 'restricted.backups',
        label: 'Backups',
        kind: 'choice',
        options: ALLOW_BLOCK,
        defaultValue: 'block',
        extension: 'projects_restricted_backups_and_snapshots',
      },
      {
        key: 'restricted.snapshots',
        label: 'Snapshots',
        kind: 'choice',
        options: ALLOW_BLOCK,
        defaultValue: 'block',
        extension: 'projects_restricted_backups_and_snapshots',
      },
    ],
  },
];

/** Keeps the entries the server supports (an entry without extension is always there). */
export function supported<T extends { extension?: string | undefined }>(
  entries: readonly T[],
  extensions: readonly string[],
): T[] {
  return entries.filter((entry) => !entry.extension || extensions.includes(entry.extension));
}

/** Every key the form shows for a server. */
export function formKeys(extensions: readonly string[]): string[] {
  return [
    ...supported(PROJECT_FEATURES, extensions).map((f) => f.key),
    ...supported(PROJECT_LIMITS, extensions).map((l) => l.key),
    'restricted',
    ...PROJECT_RESTRICTIONS.flatMap((g) => supported(g.keys, extensions).map((k) => k.key)),
  ];
}
