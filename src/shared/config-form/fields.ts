/**
 * The configuration keys the sectioned form edits (spec §3: limits.cpu, limits.memory,
 * security.*, snapshots.*, boot.*, cloud-init.*, migration.stateful, cluster.evacuate). Each
 * field has a form id without dots (react-hook-form reads dots as nesting) and its LXD key.
 */
import { PRODUCT_NAMES } from '../../lxd/product';
import type { InstanceType } from '../../lxd/types/instance';
import {
  applicableKeys,
  configKey,
  type ConfigKeyField,
  type ConfigKeyKind,
} from '../forms/config-keys';
import type { Choice } from '../forms/fields';

export type SectionId =
  | 'main'
  | 'devices'
  | 'limits'
  | 'security'
  | 'snapshots'
  | 'migration'
  | 'boot'
  | 'cloud-init'
  | 'user-properties'
  | 'yaml';

export interface SectionInfo {
  id: SectionId;
  label: string;
}

export const SECTIONS: readonly SectionInfo[] = [
  { id: 'main', label: 'Main configuration' },
  { id: 'devices', label: 'Devices' },
  { id: 'limits', label: 'Resource limits' },
  { id: 'security', label: 'Security policies' },
  { id: 'snapshots', label: 'Snapshots' },
  { id: 'migration', label: 'Migration' },
  { id: 'boot', label: 'Boot' },
  { id: 'cloud-init', label: 'Cloud-init' },
  { id: 'user-properties', label: 'User properties' },
  { id: 'yaml', label: 'YAML configuration' },
];

export function isSectionId(value: string | undefined): value is SectionId {
  return SECTIONS.some((section) => section.id === value);
}

/** What decides whether a key applies: the instance type (none for profiles) and the server. */
export interface ConfigFieldContext extends ServerFeatures {
  type?: InstanceType | undefined;
}

/**
 * A key of the configuration form: the form kit's descriptor. Its kinds are text, bool and
 * select, and 'yaml' (cloud-init data, drawn by the cloud-init section).
 */
export type ConfigField = ConfigKeyField<ConfigFieldContext>;

/** Server features that change which keys the form offers. */
export interface ServerFeatures {
  /** `instance_boot_mode`: boot.mode replaces security.secureboot and security.csm. */
  bootMode?: boolean | undefined;
  /** Incus: its guest API (/dev/incus) is security.guestapi, LXD's (/dev/lxd) security.devlxd. */
  guestApi?: boolean | undefined;
}

export const BOOT_MODES = [
  { value: 'uefi-secureboot', label: 'UEFI with secure boot (uefi-secureboot)' },
  { value: 'uefi-nosecureboot', label: 'UEFI without secure boot (uefi-nosecureboot)' },
  { value: 'bios', label: 'Legacy BIOS (bios, x86_64 only)' },
] as const;

const CT: readonly InstanceType[] = ['container'];
const VM: readonly InstanceType[] = ['virtual-machine'];

type FieldSection = Exclude<SectionId, 'main' | 'devices' | 'user-properties' | 'yaml'>;

interface FieldExtras {
  options?: readonly Choice[];
  help?: string;
  placeholder?: string;
  /** Only shown for these instance types (all when absent, and for profiles). */
  types?: readonly InstanceType[];
  /** What LXD uses when nothing sets the key, per instance type (shown, never sent). */
  defaults?: Partial<Record<InstanceType, string>>;
  /** Shown only when the server has this feature. */
  needs?: keyof ServerFeatures;
  /** Hidden when the server has this feature (the key it replaced). */
  replacedBy?: keyof ServerFeatures;
}

function field(kind: ConfigKeyKind) {
  return (
    key: string,
    id: string,
    section: FieldSection,
    label: string,
    { types, defaults, needs, replacedBy, ...extras }: FieldExtras = {},
  ): ConfigField =>
    configKey<ConfigFieldContext>(key, label, section, kind, {
      id,
      ...extras,
      ...(types || needs || replacedBy
        ? {
            applies: (context: ConfigFieldContext) =>
              (!context.type || !types || types.includes(context.type)) &&
              (!needs || context[needs] === true) &&
              (!replacedBy || context[replacedBy] !== true),
          }
        : {}),
      ...(defaults
        ? {
            defaultFor: (context: ConfigFieldContext) =>
              context.type ? defaults[context.type] : undefined,
          }
        : {}),
    });
}
const text = field('text');
const bool = field('bool');
const select = field('select');
const yaml = field('yaml');

const { lxd: LXD, incus: INCUS } = PRODUCT_NAMES;

/** Spec §9: VMs show limits.cpu 1 and limits.memory 1GB, containers '-'. */
export const CONFIG_FIELDS: readonly ConfigField[] = [
  text('limits.cpu', 'limitsCpu', 'limits', 'Exposed CPUs', {
    placeholder: 'e.g. 2, or 0-3 to pin',
    help: 'A number of CPUs, or CPU ids and ranges to pin (0-3,7).',
    defaults: { 'virtual-machine': '1', container: '-' },
  }),
  text('limits.memory', 'limitsMemory', 'limits', 'Memory limit', {
    placeholder: 'e.g. 2GiB or 50%',
    help: 'Bytes with a unit (512MiB, 2GiB) or a percentage of host memory.',
    defaults: { 'virtual-machine': '1GB', container: '-' },
  }),
  bool('limits.memory.swap', 'limitsMemorySwap', 'limits', 'Allow swap', { types: CT }),
  text('limits.processes', 'limitsProcesses', 'limits', 'Maximum processes', {
    types: CT,
    placeholder: 'e.g. 500',
  }),
  text('limits.cpu.allowance', 'limitsCpuAllowance', 'limits', 'CPU allowance', {
    types: CT,
    placeholder: 'e.g. 50% or 25ms/100ms',
  }),
  text('limits.cpu.priority', 'limitsCpuPriority', 'limits', 'CPU priority', {
    placeholder: '0 to 10',
  }),
  text('limits.disk.priority', 'limitsDiskPriority', 'limits', 'Disk priority', {
    placeholder: '0 to 10',
  }),
  bool(
    'security.protection.delete',
    'securityProtectionDelete',
    'security',
    'Protect from deletion',
  ),
  bool('security.privileged', 'securityPrivileged', 'security', 'Privileged container', {
    types: CT,
    help: 'Runs the container without a user namespace: root inside is root on the host.',
  }),
  bool('security.nesting', 'securityNesting', 'security', 'Allow nesting', { types: CT }),
  bool(
    'security.protection.shift',
    'securityProtectionShift',
    'security',
    'Protect from ID shifting',
    { types: CT },
  ),
  bool('security.idmap.isolated', 'securityIdmapIsolated', 'security', 'Unique ID map', {
    types: CT,
  }),
  text('security.idmap.base', 'securityIdmapBase', 'security', 'ID map base', { types: CT }),
  text('security.idmap.size', 'securityIdmapSize', 'security', 'ID map size', { types: CT }),
  bool(LXD.guestApiKey, 'securityDevlxd', 'security', `Guest API (${LXD.guestApiPath})`, {
    replacedBy: 'guestApi',
  }),
  bool(INCUS.guestApiKey, 'securityGuestapi', 'security', `Guest API (${INCUS.guestApiPath})`, {
    needs: 'guestApi',
  }),
  bool('security.secureboot', 'securitySecureboot', 'security', 'Secure boot', {
    types: VM,
    replacedBy: 'bootMode',
  }),
  bool('security.csm', 'securityCsm', 'security', 'Legacy BIOS (CSM)', {
    types: VM,
    replacedBy: 'bootMode',
  }),
  text('snapshots.schedule', 'snapshotsSchedule', 'snapshots', 'Schedule', {
    placeholder: 'e.g. @daily or 0 6 * * *',
    help: 'Cron expression or @hourly, @daily, @midnight, @weekly, @monthly, @annually, @yearly.',
  }),
  bool(
    'snapshots.schedule.stopped',
    'snapshotsScheduleStopped',
    'snapshots',
    'Snapshot stopped instances',
  ),
  text('snapshots.pattern', 'snapshotsPattern', 'snapshots', 'Name pattern', {
    placeholder: 'snap%d',
  }),
  text('snapshots.expiry', 'snapshotsExpiry', 'snapshots', 'Expire after', {
    placeholder: 'e.g. 2w or 1d 6H',
    help: 'Units: M (minutes), H (hours), d, w, m (months), y.',
  }),
  bool('migration.stateful', 'migrationStateful', 'migration', 'Stateful migration'),
  select('cluster.evacuate', 'clusterEvacuate', 'migration', 'On cluster member evacuation', {
    options: ['auto', 'migrate', 'live-migrate', 'stop'].map((value) => ({ value, label: value })),
  }),
  select('boot.mode', 'bootMode', 'boot', 'Boot mode', {
    types: VM,
    needs: 'bootMode',
    options: BOOT_MODES,
    help: 'The firmware a virtual machine boots with. Not set: UEFI with secure boot.',
    defaults: { 'virtual-machine': 'uefi-secureboot' },
  }),
  bool('boot.autostart', 'bootAutostart', 'boot', 'Start with the server'),
  text('boot.autostart.delay', 'bootAutostartDelay', 'boot', 'Start delay (seconds)'),
  text('boot.autostart.priority', 'bootAutostartPriority', 'boot', 'Start priority'),
  text(
    'boot.host_shutdown_timeout',
    'bootHostShutdownTimeout',
    'boot',
    'Shutdown timeout (seconds)',
  ),
  text('boot.stop.priority', 'bootStopPriority', 'boot', 'Stop priority'),
  yaml('cloud-init.user-data', 'cloudInitUserData', 'cloud-init', 'User data'),
  yaml('cloud-init.vendor-data', 'cloudInitVendorData', 'cloud-init', 'Vendor data'),
  yaml('cloud-init.network-config', 'cloudInitNetworkConfig', 'cloud-init', 'Network config'),
];

const byId = new Map(CONFIG_FIELDS.map((field) => [field.id, field]));
const byKey = new Map(CONFIG_FIELDS.map((field) => [field.key, field]));

/** The field of a form id; spec §8: an unknown mapping is an error. */
export function fieldById(id: string): ConfigField {
  const field = byId.get(id);
  if (!field) throw new Error(`Could not find ${id} in the configuration fields`);
  return field;
}

export function fieldByKey(key: string): ConfigField | undefined {
  return byKey.get(key);
}

/**
 * The fields of a section that apply to an instance type (all types for profiles) on a server
 * with these features.
 */
export function sectionFields(
  section: SectionId,
  type?: InstanceType,
  features: ServerFeatures = {},
): ConfigField[] {
  return applicableKeys<ConfigFieldContext>(
    CONFIG_FIELDS,
    { bootMode: features.bootMode, guestApi: features.guestApi, type },
    section,
  );
}

/** Servers without the `cloud_init` extension read the older user.* keys. */
export const LEGACY_CLOUD_INIT_KEYS: Record<string, string> = {
  'cloud-init.user-data': 'user.user-data',
  'cloud-init.vendor-data': 'user.vendor-data',
  'cloud-init.network-config': 'user.network-config',
};
