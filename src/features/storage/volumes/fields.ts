/**
 * The volume form's sections and config keys (spec §3: security.*, snapshots.*, block.*,
 * zfs.*; the keys of LXD's doc/reference/storage_*.md), and which apply to a pool's driver and
 * a volume's content type on a given server.
 */
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

export interface VolumeField {
  /** Form name (no dots: react-hook-form reads dots as paths). */
  id: string;
  /** The LXD config key. */
  key: string;
  label: string;
  section: Exclude<VolumeSectionId, 'main' | 'yaml'>;
  kind: 'text' | 'bool' | 'select';
  options?: readonly string[];
  placeholder?: string;
  help?: string;
  /** Offered only when the server has this API extension. */
  extension?: string;
}

/** Drivers whose volumes are block devices formatted with a file system (block.* keys). */
const BLOCK_BACKED_DRIVERS = new Set(['lvm', 'ceph', 'powerflex', 'pure', 'alletra', 'powerstore']);

export const VOLUME_FIELDS: readonly VolumeField[] = [
  {
    id: 'security_shifted',
    key: 'security.shifted',
    label: 'Shifted (ID shifting)',
    section: 'security',
    kind: 'bool',
    help: 'Lets several isolated instances use the volume at once.',
  },
  {
    id: 'security_unmapped',
    key: 'security.unmapped',
    label: 'Unmapped',
    section: 'security',
    kind: 'bool',
    help: 'Disables ID mapping for the volume.',
  },
  {
    id: 'snapshots_schedule',
    key: 'snapshots.schedule',
    label: 'Schedule',
    section: 'snapshots',
    kind: 'text',
    placeholder: '@daily',
    help: 'A cron expression (minute hour day month weekday) or @hourly, @daily, @weekly, @monthly, @yearly. Empty: no automatic snapshots.',
  },
  {
    id: 'snapshots_expiry',
    key: 'snapshots.expiry',
    label: 'Expiry',
    section: 'snapshots',
    kind: 'text',
    placeholder: '2w',
    help: 'How long snapshots are kept, for example 1H 2d 3w 4m 5y.',
  },
  {
    id: 'snapshots_pattern',
    key: 'snapshots.pattern',
    label: 'Name pattern',
    section: 'snapshots',
    kind: 'text',
    placeholder: 'snap%d',
    help: 'Names of scheduled and unnamed snapshots; %d is replaced by the next number.',
  },
  {
    id: 'block_filesystem',
    key: 'block.filesystem',
    label: 'File system',
    section: 'block',
    kind: 'select',
    options: ['ext4', 'xfs', 'btrfs'],
    help: 'The file system made on the block device.',
  },
  {
    id: 'block_mount_options',
    key: 'block.mount_options',
    label: 'Mount options',
    section: 'block',
    kind: 'text',
    placeholder: 'discard',
    help: 'Options used when the block device is mounted.',
  },
  {
    id: 'zfs_blocksize',
    key: 'zfs.blocksize',
    label: 'Block size',
    section: 'zfs',
    kind: 'text',
    placeholder: '128KiB',
    help: 'A power of 2 from 512 bytes to 16 MiB (at most 128 KiB for block volumes).',
    extension: 'storage_zfs_blocksize',
  },
  {
    id: 'zfs_block_mode',
    key: 'zfs.block_mode',
    label: 'Block mode',
    section: 'zfs',
    kind: 'bool',
    help: 'Use a ZFS volume (zvol) formatted with a file system instead of a dataset.',
    extension: 'zfs_block_mode',
  },
  {
    id: 'zfs_delegate',
    key: 'zfs.delegate',
    label: 'Delegate',
    section: 'zfs',
    kind: 'bool',
    help: 'Delegate the dataset to the instances using it (ZFS 2.2 or newer).',
    extension: 'zfs_delegate',
  },
  {
    id: 'zfs_promote',
    key: 'zfs.promote',
    label: 'Promote',
    section: 'zfs',
    kind: 'bool',
    help: 'Promote the dataset, so that it no longer depends on its origin.',
    extension: 'storage_zfs_promote',
  },
  {
    id: 'zfs_remove_snapshots',
    key: 'zfs.remove_snapshots',
    label: 'Remove snapshots',
    section: 'zfs',
    kind: 'bool',
    help: 'Remove snapshots as needed (to restore an older one).',
    extension: 'storage_zfs_remove_snapshots',
  },
  {
    id: 'zfs_reserve_space',
    key: 'zfs.reserve_space',
    label: 'Reserve space',
    section: 'zfs',
    kind: 'bool',
    help: 'Use reservation / refreservation along with the quota.',
    extension: 'storage_zfs_reserve_space',
  },
  {
    id: 'zfs_use_refquota',
    key: 'zfs.use_refquota',
    label: 'Use refquota',
    section: 'zfs',
    kind: 'bool',
    help: 'Use refquota instead of quota for the size.',
    extension: 'storage_zfs_use_refquota',
  },
];

/** Whether a field applies to a volume of this driver and content type on this server. */
export function fieldApplies(field: VolumeField, context: VolumeFieldContext): boolean {
  if (field.extension && !context.extensions.includes(field.extension)) return false;
  switch (field.section) {
    case 'security':
      return context.contentType === 'filesystem';
    case 'snapshots':
      return true;
    case 'block':
      return (
        context.contentType === 'filesystem' &&
        (BLOCK_BACKED_DRIVERS.has(context.driver) ||
          (context.driver === 'zfs' && context.zfsBlockMode))
      );
    case 'zfs':
      return context.driver === 'zfs';
  }
}

/** The fields of a section that apply here. */
export function sectionFields(
  section: VolumeSectionId,
  context: VolumeFieldContext,
): VolumeField[] {
  return VOLUME_FIELDS.filter((field) => field.section === section && fieldApplies(field, context));
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
