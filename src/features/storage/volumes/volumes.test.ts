import { describe, expect, it } from 'vitest';
import type { LxdStorageVolume } from '../../../lxd/types/storage';
import { usedByRefs } from '../../../lxd/used-by';
import { downloadText, exportFileName } from '../../../shared/ui/ExportBackupModal';
import { volumeNameFromBackupFile } from './backup';
import {
  copyTargetError,
  deleteVolumeBlocker,
  formatSize,
  isSnapshotEntry,
  matchVolume,
  moveTargetError,
  parseSize,
  sizeError,
  sizeToBytes,
  usedByText,
  VOLUME_MESSAGES,
  volumeMember,
  volumeNameError,
  volumePath,
  volumeRows,
} from './rules';
import { volumeColumns } from './components/volumeListColumns';

const volume = (over: Partial<LxdStorageVolume> = {}): LxdStorageVolume => ({
  name: 'data',
  type: 'custom',
  description: '',
  config: {},
  content_type: 'filesystem',
  ...over,
});

describe('volume names (spec §5, §9)', () => {
  it('has a rule and message for each bad name', () => {
    expect(volumeNameError('')).toBe('Volume name is required');
    expect(volumeNameError('a'.repeat(64))).toBe('Volume name must be at most 63 characters');
    expect(volumeNameError('a'.repeat(63))).toBeUndefined();
    expect(volumeNameError('a/b')).toBe('Volume names may not contain slashes');
    expect(volumeNameError('..')).toBe('Volume name cannot be "." or ".."');
    expect(volumeNameError('my-data_1.0')).toBeUndefined();
  });
});

describe('sizes', () => {
  it('reads and writes amount and unit', () => {
    expect(parseSize('10GiB')).toEqual({ amount: '10', unit: 'GiB' });
    expect(parseSize('500MB')).toEqual({ amount: '500', unit: 'MB' });
    expect(parseSize('1073741824')).toEqual({ amount: '1073741824', unit: 'B' });
    expect(parseSize(undefined)).toEqual({ amount: '', unit: 'GiB' });
    expect(formatSize('10', 'GiB')).toBe('10GiB');
    expect(formatSize('1024', 'B')).toBe('1024');
    expect(formatSize(' ', 'GiB')).toBe('');
  });

  it('converts to bytes in base 1024 (KiB…) and 1000 (kB…)', () => {
    expect(sizeToBytes('1GiB')).toBe(1024 ** 3);
    expect(sizeToBytes('1GB')).toBe(1000 ** 3);
    expect(sizeToBytes('512')).toBe(512);
    expect(sizeToBytes('1.5GiB')).toBeUndefined();
    expect(sizeToBytes('')).toBeUndefined();
  });

  it('accepts empty or a whole number above 0', () => {
    expect(sizeError('', 'GiB')).toBeUndefined();
    expect(sizeError('20', 'MiB')).toBeUndefined();
    for (const bad of ['0', '-1', '1.5', 'ten', '1e3']) {
      expect(sizeError(bad, 'GiB')).toBe('Size must be a whole number greater than 0');
    }
  });

  it('lets a block volume grow but not shrink', () => {
    expect(sizeError('2', 'GiB', { contentType: 'block', previous: '1GiB' })).toBeUndefined();
    expect(sizeError('512', 'MiB', { contentType: 'block', previous: '1GiB' })).toBe(
      'A block volume cannot be made smaller',
    );
    expect(
      sizeError('512', 'MiB', { contentType: 'filesystem', previous: '1GiB' }),
    ).toBeUndefined();
  });
});

describe('the list: snapshots under their volume', () => {
  const listed: LxdStorageVolume[] = [
    volume({ name: 'data', pool: 'default' }),
    volume({ name: 'data/snap0', pool: 'default' }),
    volume({ name: 'data/snap1', pool: 'default' }),
    volume({ name: 'data', pool: 'fast' }),
    volume({ name: 'web1', type: 'container', pool: 'default' }),
    volume({ name: 'web1/snap0', type: 'container', pool: 'default' }),
  ];

  it('recognises snapshot entries by the slash in their name', () => {
    expect(isSnapshotEntry({ name: 'data/snap0' })).toBe(true);
    expect(isSnapshotEntry({ name: 'data' })).toBe(false);
  });

  it('leaves snapshots out and counts them per pool, type and volume', () => {
    const rows = volumeRows(listed);
    expect(rows.map((row) => `${row.pool}:${row.type}:${row.name}:${row.snapshots}`)).toEqual([
      'default:custom:data:2',
      'fast:custom:data:0',
      'default:container:web1:1',
    ]);
  });

  it('fills in the pool asked for and keeps members apart', () => {
    const rows = volumeRows(
      [
        volume({ name: 'v', location: 'm1' }),
        volume({ name: 'v', location: 'm2' }),
        volume({ name: 'v/s', location: 'm2' }),
      ],
      'local',
    );
    expect(rows.map((row) => `${row.pool}:${row.location ?? ''}:${row.snapshots}`)).toEqual([
      'local:m1:0',
      'local:m2:1',
    ]);
  });

  it('searches name, description, pool and types', () => {
    const [row] = volumeRows([volume({ name: 'db', description: 'Postgres', pool: 'fast' })]);
    if (!row) throw new Error('no row');
    expect(matchVolume('postgres')(row)).toBe(true);
    expect(matchVolume('FAST')(row)).toBe(true);
    expect(matchVolume('web')(row)).toBe(false);
  });

  it('links to the volume, with its member only when clustered', () => {
    const row = { name: 'v', type: 'custom', pool: 'local', location: 'm1' };
    expect(volumeMember(row, false)).toBeUndefined();
    expect(volumeMember({ location: 'none' }, true)).toBeUndefined();
    expect(volumePath('p', row, false)).toBe('/project/p/storage/pool/local/volumes/custom/v');
    expect(volumePath('p', row, true, 'snapshots')).toBe(
      '/project/p/storage/pool/local/member/m1/volumes/custom/v/snapshots',
    );
  });
});

describe('who uses a volume', () => {
  it('counts instances, profiles and instance snapshots apart', () => {
    const refs = usedByRefs(
      ['/1.0/instances/c1?project=p2', '/1.0/profiles/default', '/1.0/instances/c1/snapshots/s1'],
      'p1',
    );
    expect(usedByText(refs)).toBe('1 instance, 1 profile and 1 instance snapshot');
    expect(usedByText(usedByRefs(['/1.0/something/else']))).toBe('1 other object');
  });

  it('refuses to delete a volume in use, saying by what', () => {
    const used = volume({ used_by: ['/1.0/instances/c1', '/1.0/instances/c2', '/1.0/profiles/p'] });
    expect(usedByText(usedByRefs(used.used_by, 'default'))).toBe('2 instances and 1 profile');
    expect(deleteVolumeBlocker(used, 'default')).toBe(
      'This volume is used by 2 instances and 1 profile. Detach it before deleting it.',
    );
    expect(deleteVolumeBlocker(volume({ used_by: ['/1.0/instances/c1'] }), 'default')).toBe(
      'This volume is used by 1 instance. Detach it before deleting it.',
    );
    expect(deleteVolumeBlocker(volume({ used_by: [] }), 'default')).toBeUndefined();
    expect(deleteVolumeBlocker(volume({ type: 'container' }), 'default')).toBe(
      VOLUME_MESSAGES.notCustom,
    );
  });

  it('copies somewhere else, moves to another pool or project', () => {
    const source = { pool: 'default', project: 'p1', name: 'data' };
    expect(copyTargetError(source, { ...source })).toBe(
      'Choose another pool, another project or another name',
    );
    expect(copyTargetError(source, { ...source, pool: 'fast' })).toBeUndefined();
    expect(copyTargetError(source, { ...source, name: 'data-copy' })).toBeUndefined();
    expect(moveTargetError(source, { pool: 'default', project: 'p1' })).toBe(
      'Choose another pool or another project',
    );
    expect(moveTargetError(source, { pool: 'default', project: 'p2' })).toBeUndefined();
  });
});

describe('the list: created', () => {
  it('shows - for the zero date LXD 5.0 answers', () => {
    const created = volumeColumns('default', false).find((column) => column.id === 'created');
    const row = volumeRows([volume({ created_at: '0001-01-01T00:00:00Z' })], 'default')[0];
    if (!created || !row) throw new Error('no created column or row');
    expect(created.cell(row, undefined)).toBe('-');
  });
});

describe('backups', () => {
  it('suggests a volume name from the backup file name (spec §5 rule)', () => {
    expect(volumeNameFromBackupFile('data.tar.gz')).toBe('data');
    expect(volumeNameFromBackupFile('/home/me/my vol.tar.xz')).toBe('my-vol');
    expect(volumeNameFromBackupFile('backup.tgz')).toBe('backup');
    expect(volumeNameFromBackupFile(`${'x'.repeat(80)}.tar.gz`)).toHaveLength(63);
  });

  it('names the download after the volume and reports progress', () => {
    expect(exportFileName('data')).toBe('data.tar.gz');
    expect(downloadText({ loaded: 512, total: 0 })).toBe('Downloading… 512 B');
    expect(downloadText({ loaded: 1024, total: 4096 })).toBe(
      'Downloading… 25% (1.0 KiB of 4.0 KiB)',
    );
  });
});
