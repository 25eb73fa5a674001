/**
 * The volume form's sections and config keys (spec §3: security.*, snapshots.*, block.*,
 * zfs.*; the keys of LXD's doc/reference/storage_*.md), and which apply to a pool's driver and
 * a volume's content type on a given server, as the form kit's config key descriptors.
 */
import { applicableKeys, configKey, type ConfigKeyField } from '../../../shared/forms';

export type VolumeSectionId = 'main' | 'security' | 'snapshots' | 'block' | 'zfs' | 'yaml';

export const VOLUME_SECTIONS: readonly { id: VolumeSectionId; label: string }[] = [
  { id: 'main', label: 'Main configuration' },
  { id: 'security', label: 'Security' },
  { id: 'snapshots', label: 'Snapshots' },
  { id: 'block', label: 'Block device' },
  { id: 'zfs', label: 'ZFS' },
  { id: 'yaml', label: 'YAML configuration' },
];

export const isVolumeSectionId = (value: string | undefined): value is VolumeSectionId =>
  VOLUME_SECTIONS.some((section) => section.id === value);

/** What decides which fields apply: the pool's driver, the content type, server extensions. */
export interface VolumeFieldContext {
  driver: string;
  contentType: string;
  extensions: readonly string[];
  /** ZFS block mode (the volume's zfs.block_mode or the pool's volume.zfs.block_mode). */
  zfsBlockMode: boolean;
}

/** The sections that hold config keys. */
export type VolumeKeySection = Exclude<VolumeSectionId, 'main' | 'yaml'>;

/** A config key of the volume form: the form kit's descriptor, in one of the key sections. */
export interface VolumeField extends ConfigKeyField<VolumeFieldContext> {
  section: VolumeKeySection;
  applies: (context: VolumeFieldContext) => boolean;
}

/** Drivers whose volumes are block devices formatted with a file system (block.* keys). */
const BLOCK_BACKED_DRIVERS = new Set(['lvm', 'ceph', 'powerflex', 'pure', 'alletra', 'powerstore']);

/** Whether a section's keys apply to a volume of this driver and content type. */
const SECTION_APPLIES: Readonly<
  Record<VolumeKeySection, (context: VolumeFieldContext) => boolean>
> = {
  security: (context) => context.contentType === 'filesystem',
  snapshots: () => true,
  block: (context) =>
    context.contentType === 'filesystem' &&
    (BLOCK_BACKED_DRIVERS.has(context.driver) ||
      (context.driver === 'zfs' && context.zfsBlockMode)),
  zfs: (context) => context.driver === 'zfs',
};

/**
 * A key of a section; with `extension`, offered only on servers that have that API extension.
 * Its form name is the key's (`snapshots.expiry` → `snapshots_expiry`).
 */
function volumeKey(
  key: string,
  label: string,
  section: VolumeKeySection,
  kind: 'text' | 'bool' | 'select',
  help: string,
  more: { placeholder?: string; options?: readonly string[]; extension?: string } = {},
): VolumeField {
  const { extension, options, placeholder } = more;
  return {
    ...configKey<VolumeFieldContext>(key, label, section, kind, {
      help,
      ...(placeholder ? { placeholder } : {}),
      ...(options ? { options: options.map((value) => ({ value, label: value })) } : {}),
    }),
    section,
    applies: (context) =>
      (extension === undefined || context.extensions.includes(extension)) &&
      SECTION_APPLIES[section](context),
  };
}

const zfsBool = (key: string, label: string, help: string, extension: string) =>
  volumeKey(key, label, 'zfs', 'bool', help, { extension });

export const VOLUME_FIELDS: readonly VolumeField[] = [
  volumeKey(
    'security.shifted',
    'Shifted (ID shifting)',
    'security',
    'bool',
    'Lets several isolated instances use the volume at once.',
  ),
  volumeKey(
    'security.unmapped',
    'Unmapped',
    'security',
    'bool',
    'Disables ID mapping for the volume.',
  ),
  volumeKey(
    'snapshots.schedule',
    'Schedule',
    'snapshots',
    'text',
    'A cron expression (minute hour day month weekday) or @hourly, @daily, @weekly, @monthly, @yearly. Empty: no automatic snapshots.',
    { placeholder: '@daily' },
  ),
  volumeKey(
    'snapshots.expiry',
    'Expiry',
    'snapshots',
    'text',
    'How long snapshots are kept, for example 1H 2d 3w 4m 5y.',
    { placeholder: '2w' },
  ),
  volumeKey(
    'snapshots.pattern',
    'Name pattern',
    'snapshots',
    'text',
    'Names of scheduled and unnamed snapshots; %d is replaced by the next number.',
    { placeholder: 'snap%d' },
  ),
  volumeKey(
    'block.filesystem',
    'File system',
    'block',
    'select',
    'The file system made on the block device.',
    { options: ['ext4', 'xfs', 'btrfs'] },
  ),
  volumeKey(
    'block.mount_options',
    'Mount options',
    'block',
    'text',
    'Options used when the block device is mounted.',
    { placeholder: 'discard' },
  ),
  volumeKey(
    'zfs.blocksize',
    'Block size',
    'zfs',
    'text',
    'A power of 2 from 512 bytes to 16 MiB (at most 128 KiB for block volumes).',
    { placeholder: '128KiB', extension: 'storage_zfs_blocksize' },
  ),
  zfsBool(
    'zfs.block_mode',
    'Block mode',
    'Use a ZFS volume (zvol) formatted with a file system instead of a dataset.',
    'zfs_block_mode',
  ),
  zfsBool(
    'zfs.delegate',
    'Delegate',
    'Delegate the dataset to the instances using it (ZFS 2.2 or newer).',
    'zfs_delegate',
  ),
  zfsBool(
    'zfs.promote',
    'Promote',
    'Promote the dataset, so that it no longer depends on its origin.',
    'storage_zfs_promote',
  ),
  zfsBool(
    'zfs.remove_snapshots',
    'Remove snapshots',
    'Remove snapshots as needed (to restore an older one).',
    'storage_zfs_remove_snapshots',
  ),
  zfsBool(
    'zfs.reserve_space',
    'Reserve space',
    'Use reservation / refreservation along with the quota.',
    'storage_zfs_reserve_space',
  ),
  zfsBool(
    'zfs.use_refquota',
    'Use refquota',
    'Use refquota instead of quota for the size.',
    'storage_zfs_use_refquota',
  ),
];

/** Whether a field applies to a volume of this driver and content type on this server. */
export function fieldApplies(field: VolumeField, context: VolumeFieldContext): boolean {
  return field.applies(context);
}

/** The fields of a section that apply here. */
export function sectionFields(
  section: VolumeSectionId,
  context: VolumeFieldContext,
): VolumeField[] {
  return applicableKeys<VolumeFieldContext, VolumeField>(VOLUME_FIELDS, context, section);
}

/** The sections to offer: main, YAML, and those with at least one field that applies. */
export function visibleSections(context: VolumeFieldContext) {
  return VOLUME_SECTIONS.filter(
    (section) =>
      section.id === 'main' ||
      section.id === 'yaml' ||
      sectionFields(section.id, context).length > 0,
  );
}
