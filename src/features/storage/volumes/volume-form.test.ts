import { describe, expect, it } from 'vitest';
import type { LxdStorageVolume } from '../../../lxd/types/storage';
import { parseYaml, toYaml } from '../../../shared/ui/yaml';
import {
  CONTENT_TYPE_FIXED,
  CONTENT_TYPE_IN_YAML,
  countVolumeChanges,
  fieldApplies,
  fieldContext,
  newVolumeValues,
  POOL_FIXED,
  sectionFields,
  valuesToConfig,
  valuesToPostBody,
  valuesToPutBody,
  visibleSections,
  VOLUME_FIELDS,
  volumeFormProblems,
  volumeFromYamlObject,
  volumeSectionOf,
  volumeToValues,
  volumeYamlObject,
  type VolumeFieldContext,
} from './form';
import { VOLUME_MESSAGES } from './rules';

const volume = (over: Partial<LxdStorageVolume> = {}): LxdStorageVolume => ({
  name: 'data',
  type: 'custom',
  description: '',
  config: {},
  content_type: 'filesystem',
  ...over,
});

describe('the form: fields by driver and content type', () => {
  const dir: VolumeFieldContext = {
    driver: 'dir',
    contentType: 'filesystem',
    extensions: ['storage_zfs_blocksize', 'zfs_block_mode'],
    zfsBlockMode: false,
  };
  const keys = (context: VolumeFieldContext) =>
    VOLUME_FIELDS.filter((field) => fieldApplies(field, context)).map((field) => field.key);

  it('offers security and snapshots keys on a directory pool, no block.* or zfs.*', () => {
    expect(keys(dir)).toEqual([
      'security.shifted',
      'security.unmapped',
      'snapshots.schedule',
      'snapshots.expiry',
      'snapshots.pattern',
    ]);
    expect(visibleSections(dir).map((section) => section.id)).toEqual([
      'main',
      'security',
      'snapshots',
      'yaml',
    ]);
  });

  it('offers zfs.* keys the server knows on a ZFS pool, block.* only in block mode', () => {
    const zfs = { ...dir, driver: 'zfs' };
    expect(sectionFields('zfs', zfs).map((field) => field.key)).toEqual([
      'zfs.blocksize',
      'zfs.block_mode',
    ]);
    expect(sectionFields('block', zfs)).toEqual([]);
    expect(sectionFields('block', { ...zfs, zfsBlockMode: true }).map((f) => f.key)).toEqual([
      'block.filesystem',
      'block.mount_options',
    ]);
  });

  it('offers block.* on LVM for filesystem volumes only; no security.* for block volumes', () => {
    const lvm = { ...dir, driver: 'lvm' };
    expect(sectionFields('block', lvm)).toHaveLength(2);
    expect(sectionFields('block', { ...lvm, contentType: 'block' })).toEqual([]);
    expect(sectionFields('security', { ...lvm, contentType: 'block' })).toEqual([]);
  });

  it('reads the pool default for ZFS block mode', () => {
    const values = newVolumeValues('tank');
    expect(
      fieldContext({ driver: 'zfs', config: { 'volume.zfs.block_mode': 'true' } }, values, [])
        .zfsBlockMode,
    ).toBe(true);
    expect(fieldContext(undefined, values, []).driver).toBe('');
  });
});

describe('the form: config mapping', () => {
  const dir: VolumeFieldContext = {
    driver: 'dir',
    contentType: 'filesystem',
    extensions: [],
    zfsBlockMode: false,
  };

  it('maps a volume to values and back without losing other keys', () => {
    const saved = volume({
      description: 'shared',
      config: {
        size: '10GiB',
        'snapshots.expiry': '2w',
        'security.shifted': 'true',
        'user.owner': 'ops',
        'volatile.uuid': 'abc',
      },
    });
    const values = volumeToValues({ ...saved, pool: 'default' });
    expect(values).toMatchObject({
      size: '10',
      sizeUnit: 'GiB',
      pool: 'default',
      contentType: 'filesystem',
      other: { 'user.owner': 'ops', 'volatile.uuid': 'abc' },
    });
    expect(values.fields.snapshots_expiry).toBe('2w');
    expect(valuesToPutBody(values, dir, saved)).toEqual({
      description: 'shared',
      config: saved.config,
    });
  });

  it('sends the size with its unit, and leaves out empty fields', () => {
    const values = { ...newVolumeValues('default'), name: ' data ', size: '512', sizeUnit: 'MiB' };
    values.fields = { ...values.fields, snapshots_schedule: '@daily', security_unmapped: '' };
    expect(valuesToPostBody(values, dir)).toEqual({
      name: 'data',
      type: 'custom',
      content_type: 'filesystem',
      description: '',
      config: { size: '512MiB', 'snapshots.schedule': '@daily' },
    });
  });

  it('drops a field that no longer applies (a ZFS key after choosing a directory pool)', () => {
    const values = newVolumeValues('default');
    values.fields = { ...values.fields, zfs_blocksize: '64KiB', block_filesystem: 'xfs' };
    expect(valuesToConfig(values, dir)).toEqual({});
    // …unless the volume already had it.
    expect(valuesToConfig(values, dir, { 'zfs.blocksize': '64KiB' })).toEqual({
      'zfs.blocksize': '64KiB',
    });
  });

  it('counts changes against the saved volume', () => {
    const saved = { description: 'a', config: { size: '1GiB', 'snapshots.expiry': '1d' } };
    expect(countVolumeChanges(saved, { description: 'a', config: { ...saved.config } })).toBe(0);
    expect(countVolumeChanges(saved, { description: 'b', config: { size: '2GiB' } })).toBe(3);
  });
});

describe('the form: YAML mode', () => {
  const dir: VolumeFieldContext = {
    driver: 'dir',
    contentType: 'filesystem',
    extensions: [],
    zfsBlockMode: false,
  };

  it('shows the POST body on create and reads it back', () => {
    const values = { ...newVolumeValues('default'), name: 'data', size: '1', sizeUnit: 'GiB' };
    const shown = volumeYamlObject(values, 'create', dir);
    expect(shown).toEqual({
      name: 'data',
      description: '',
      pool: 'default',
      content_type: 'filesystem',
      config: { size: '1GiB' },
    });
    const parsed = parseYaml(toYaml(shown));
    if (!parsed.ok) throw new Error('bad YAML');
    expect(volumeFromYamlObject(parsed.value, newVolumeValues(''), 'create')).toMatchObject({
      name: 'data',
      pool: 'default',
      size: '1',
      sizeUnit: 'GiB',
    });
  });

  it('turns YAML numbers and booleans into text', () => {
    const values = volumeFromYamlObject(
      { name: 'v', config: { size: 1073741824, 'security.shifted': true } },
      newVolumeValues('default'),
      'create',
    );
    expect(values.size).toBe('1073741824');
    expect(values.fields.security_shifted).toBe('true');
  });

  it('refuses what YAML mode cannot change on an existing volume', () => {
    const previous = volumeToValues(volume({ pool: 'default' }));
    expect(() => volumeFromYamlObject({ name: 'other' }, previous, 'edit')).toThrow(
      'Use Rename to change the name of a volume',
    );
    expect(() => volumeFromYamlObject({ pool: 'fast' }, previous, 'edit')).toThrow(POOL_FIXED);
    expect(() => volumeFromYamlObject({ content_type: 'block' }, previous, 'edit')).toThrow(
      CONTENT_TYPE_FIXED,
    );
    expect(() =>
      volumeFromYamlObject({ content_type: 'iso' }, newVolumeValues(''), 'create'),
    ).toThrow(CONTENT_TYPE_IN_YAML);
    expect(() => volumeFromYamlObject(['a'], previous, 'edit')).toThrow(
      'The YAML must be a map (key: value lines)',
    );
  });

  it('shows description and config only on edit', () => {
    const saved = volume({ pool: 'default', description: 'd', config: { size: '1GiB' } });
    expect(volumeYamlObject(volumeToValues(saved), 'edit', dir, saved)).toEqual({
      description: 'd',
      config: { size: '1GiB' },
    });
  });

  it('points a parse error at its line', () => {
    const result = parseYaml('description: x\nconfig:\n  size: [\n');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.message).toMatch(/^Line \d+, column \d+: /);
  });
});

describe('the form: problems and sections', () => {
  it('checks the name and pool of a new volume, and the size of any', () => {
    const values = { ...newVolumeValues(), name: 'a/b', size: '1.5' };
    expect(volumeFormProblems(values, 'create')).toEqual({
      name: VOLUME_MESSAGES.nameSlash,
      pool: VOLUME_MESSAGES.poolRequired,
      size: VOLUME_MESSAGES.sizeInvalid,
    });
    const block = {
      ...newVolumeValues('p'),
      contentType: 'block' as const,
      size: '512',
      sizeUnit: 'MiB',
    };
    expect(volumeFormProblems(block, 'edit', '1GiB')).toEqual({
      size: VOLUME_MESSAGES.blockShrink,
    });
  });

  it('puts each field in its section', () => {
    expect(volumeSectionOf('size')).toBe('main');
    expect(volumeSectionOf('fields.snapshots_expiry')).toBe('snapshots');
    expect(volumeSectionOf('fields.zfs_block_mode')).toBe('zfs');
  });
});
