import { describe, expect, it } from 'vitest';
import { STORAGE_POOL_NAME_EXISTS } from '../../../shared/validation';
import {
  defaultDriver,
  driverFields,
  driverOptions,
  driverTakesSize,
  memberFields,
} from './drivers';
import { versioned, ifMatch } from './queries';
import {
  deletePoolBlocker,
  matchPool,
  POOL_MESSAGES,
  poolLocations,
  poolSizeError,
  poolStatusTone,
  poolUsage,
  sizeNotTaken,
  takenPoolName,
  validatePoolName,
} from './rules';
import { poolRows } from './components/poolListColumns';
import { renameFailure } from './components/PoolActions';
import { LxdApiError } from '../../../lxd/client';
import { groupUsedBy, parseUsedBy, usedByRefs } from '../../../lxd/used-by';
import type { LxdStoragePool } from '../../../lxd/types/storage';

describe('pool name (spec §5)', () => {
  it('is required, at most 63 characters, without slashes', () => {
    expect(validatePoolName('')).toBe('Storage pool name is required');
    expect(validatePoolName('a'.repeat(64))).toBe(
      'Storage pool name must be between 1 and 63 characters',
    );
    expect(validatePoolName('a'.repeat(63))).toBeUndefined();
    expect(validatePoolName('a/b')).toBe('Storage pool names may not contain slashes');
    expect(validatePoolName('fast-1')).toBeUndefined();
  });

  it('a name the lookup found reads "A storage pool with this name already exists"', () => {
    expect(takenPoolName('p', true)).toBe('A storage pool with this name already exists');
    expect(POOL_MESSAGES.nameExists).toBe(STORAGE_POOL_NAME_EXISTS);
    expect(takenPoolName('p', false)).toBeUndefined();
    // Renaming to the current name is allowed.
    expect(takenPoolName('p', true, 'p')).toBeUndefined();
  });
});

describe('size', () => {
  it('only where the driver takes it: dir rejects size', () => {
    expect(driverTakesSize('dir')).toBe(false);
    expect(poolSizeError('dir', '10GiB')).toBe('Directory pools take no size: remove it');
    expect(sizeNotTaken('ceph')).toBe('Ceph pools take no size: remove it');
    expect(poolSizeError('dir', '')).toBeUndefined();
    for (const driver of ['btrfs', 'lvm', 'zfs']) {
      expect(driverTakesSize(driver)).toBe(true);
      expect(poolSizeError(driver, '10GiB')).toBeUndefined();
    }
  });

  it('is a number with an optional unit', () => {
    expect(poolSizeError('zfs', '20GiB')).toBeUndefined();
    expect(poolSizeError('zfs', '1.5TB')).toBeUndefined();
    expect(poolSizeError('zfs', '1073741824')).toBeUndefined();
    expect(poolSizeError('zfs', 'big')).toBe(
      'Size must be a number with an optional unit, for example 20GiB',
    );
    expect(poolSizeError('zfs', '10 parsecs')).toBe(POOL_MESSAGES.sizeFormat);
  });
});

describe('drivers', () => {
  it('offers only what the server lists, with label and version', () => {
    const options = driverOptions([
      { Name: 'zfs', Version: '2.1.5-1', Remote: false },
      { Name: 'dir', Version: '1', Remote: false },
      { Name: 'ceph', Version: '17.2.6', Remote: true },
      { Name: 'alletra', Version: '', Remote: true },
    ]);
    expect(options.map((o) => o.label)).toEqual([
      'ZFS (version 2.1.5-1)',
      'Directory (version 1)',
      'Ceph (version 17.2.6)',
      'alletra',
    ]);
    expect(options.find((o) => o.value === 'ceph')?.remote).toBe(true);
    expect(driverOptions(undefined)).toEqual([]);
  });

  it('starts with the first driver in label order', () => {
    const options = driverOptions([
      { Name: 'zfs', Version: '2', Remote: false },
      { Name: 'dir', Version: '1', Remote: false },
    ]);
    expect(defaultDriver(options)).toBe('dir');
    expect(defaultDriver(driverOptions([{ Name: 'alletra', Version: '', Remote: true }]))).toBe(
      'alletra',
    );
    expect(defaultDriver([])).toBe('');
  });

  it('has the keys of LXD’s per-driver reference', () => {
    const keys = (driver: string) => driverFields(driver).map((f) => f.key);
    expect(keys('dir')).toEqual(['source']);
    expect(keys('btrfs')).toEqual(['source', 'size', 'btrfs.mount_options']);
    expect(keys('lvm')).toEqual(
      expect.arrayContaining([
        'source',
        'size',
        'lvm.vg_name',
        'lvm.thinpool_name',
        'lvm.use_thinpool',
      ]),
    );
    expect(keys('zfs')).toEqual(expect.arrayContaining(['source', 'size', 'zfs.pool_name']));
    expect(keys('ceph')).toEqual(
      expect.arrayContaining([
        'source',
        'ceph.cluster_name',
        'ceph.osd.pg_num',
        'ceph.user.name',
        'ceph.osd.pool_name',
      ]),
    );
    expect(keys('cephfs').every((k) => k === 'source' || k.startsWith('cephfs.'))).toBe(true);
    expect(keys('cephobject').every((k) => k.startsWith('cephobject.'))).toBe(true);
    expect(keys('powerflex')).toEqual(
      expect.arrayContaining([
        'powerflex.pool',
        'powerflex.gateway',
        'powerflex.user.name',
        'powerflex.user.password',
        'powerflex.mode',
      ]),
    );
    expect(keys('pure')).toEqual(
      expect.arrayContaining(['pure.gateway', 'pure.api.token', 'pure.mode']),
    );
    expect(keys('unknown')).toEqual([]);
  });

  it('splits member-specific fields from shared ones', () => {
    expect(memberFields('zfs').map((f) => f.key)).toEqual(['source', 'size', 'zfs.pool_name']);
    expect(memberFields('lvm').map((f) => f.key)).toEqual([
      'source',
      'size',
      'lvm.vg_name',
      'lvm.thinpool_name',
    ]);
    expect(memberFields('powerflex')).toEqual([]);
  });
});

describe('who uses a pool (its used_by, read by src/lxd/used-by.ts)', () => {
  const urls = [
    '/1.0/instances/web1',
    '/1.0/instances/web1/snapshots/snap0',
    '/1.0/instances/db?project=team',
    '/1.0/profiles/default',
    '/1.0/profiles/default?project=limited',
    '/1.0/storage-pools/p1/volumes/custom/data?target=m1',
    '/1.0/storage-pools/p1/volumes/custom/data/snapshots/s1',
    '/1.0/images/0123456789abcdef?project=default',
    '/1.0/storage-pools/p1/buckets/b1?project=team',
    '/1.0/networks/odd',
  ];

  it('reads each used_by URL', () => {
    expect(parseUsedBy(urls[1] ?? '')).toMatchObject({
      kind: 'instance',
      name: 'web1/snap0',
      parent: 'web1',
      snapshot: 'snap0',
      project: 'default',
    });
    expect(parseUsedBy(urls[2] ?? '')).toMatchObject({
      kind: 'instance',
      name: 'db',
      project: 'team',
    });
    expect(parseUsedBy(urls[5] ?? '')).toMatchObject({
      kind: 'volume',
      name: 'data',
      pool: 'p1',
      volumeType: 'custom',
      member: 'm1',
    });
    expect(parseUsedBy(urls[6] ?? '')).toMatchObject({
      kind: 'volume',
      name: 'data/s1',
      parent: 'data',
      snapshot: 's1',
    });
    expect(parseUsedBy(urls[7] ?? '')).toMatchObject({ kind: 'image', name: '0123456789abcdef' });
    expect(parseUsedBy(urls[8] ?? '')).toMatchObject({
      kind: 'bucket',
      name: 'b1',
      project: 'team',
    });
    expect(parseUsedBy(urls[9] ?? '')).toMatchObject({ kind: 'network', name: 'odd' });
  });

  it('groups them by kind: instances, profiles, volumes, images…', () => {
    const groups = groupUsedBy(usedByRefs(urls));
    expect(groups.map((g) => [g.kind, g.refs.length])).toEqual([
      ['instance', 3],
      ['profile', 2],
      ['network', 1],
      ['volume', 2],
      ['image', 1],
      ['bucket', 1],
    ]);
  });

  it('a pool in use cannot be deleted; the reason names the users', () => {
    expect(deletePoolBlocker({ used_by: [] })).toBeUndefined();
    expect(deletePoolBlocker({ used_by: null })).toBeUndefined();
    // Images alone do not keep LXD from deleting a pool.
    expect(deletePoolBlocker({ used_by: ['/1.0/images/abc'] })).toBeUndefined();
    expect(deletePoolBlocker({ used_by: ['/1.0/storage-pools/p/volumes/custom/vol1'] })).toBe(
      'This storage pool is used by 1 volume (vol1). Remove them from it before deleting it.',
    );
    expect(
      deletePoolBlocker({
        used_by: [
          '/1.0/instances/a',
          '/1.0/instances/b',
          '/1.0/instances/c',
          '/1.0/instances/d',
          '/1.0/profiles/default',
          '/1.0/images/abc',
        ],
      }),
    ).toBe(
      'This storage pool is used by 4 instances (a, b, c and 1 more) and 1 profile (default). Remove them from it before deleting it.',
    );
    expect(
      deletePoolBlocker({
        used_by: ['/1.0/profiles/default', '/1.0/profiles/default?project=limited'],
      }),
    ).toBe(
      'This storage pool is used by 2 profiles (default, default in project limited). Remove them from it before deleting it.',
    );
  });
});

describe('list', () => {
  const pool = {
    name: 'fast',
    driver: 'zfs',
    description: 'NVMe disks',
    config: {},
    status: 'Created',
    locations: ['m1', 'm2'],
  };

  it('searches name, driver, its label and description', () => {
    expect(matchPool('ZFS')(pool)).toBe(true);
    expect(matchPool('nvme')(pool)).toBe(true);
    expect(matchPool('fa')(pool)).toBe(true);
    expect(matchPool('dir')(pool)).toBe(false);
    expect(matchPool('  ')(pool)).toBe(true);
    expect(matchPool('directory')({ ...pool, driver: 'dir' })).toBe(true);
  });

  it('one row per pool, or per pool and member in a cluster', () => {
    expect(poolRows([pool], false).map((r) => r.key)).toEqual(['fast']);
    expect(poolRows([pool], true).map((r) => [r.key, r.member])).toEqual([
      ['fast\nm1', 'm1'],
      ['fast\nm2', 'm2'],
    ]);
    expect(poolLocations({ locations: ['none'] })).toEqual([]);
    expect(poolRows([{ ...pool, locations: ['none'] }], true).map((r) => r.member)).toEqual([
      undefined,
    ]);
  });

  it('usage and status', () => {
    expect(poolUsage({ space: { used: 25, total: 100 } })).toEqual({
      used: 25,
      total: 100,
      percent: 25,
    });
    expect(poolUsage({ space: { total: 100 } })).toBeUndefined();
    expect(poolUsage(undefined)).toBeUndefined();
    expect(poolStatusTone('Created')).toBe('positive');
    expect(poolStatusTone('Pending')).toBe('caution');
    expect(poolStatusTone('Errored')).toBe('negative');
    expect(poolStatusTone('Unknown')).toBe('');
  });
});

describe('versions and rename', () => {
  it('LXD 5.0.2 sends no ETag: versions come from the content and are never sent', () => {
    const pool: LxdStoragePool = { name: 'p', driver: 'dir', description: 'a', config: {} };
    const version = versioned(pool).etag ?? '';
    expect(version).not.toBe(versioned({ ...pool, description: 'b' }).etag);
    expect(ifMatch(version)).toBeUndefined();
    expect(versioned({ ...pool, etag: '"e"' }).etag).toBe('"e"');
    expect(ifMatch('"e"')).toBe('"e"');
  });

  it('a rename LXD does not implement says so', () => {
    expect(renameFailure(new LxdApiError('not implemented', 501)).message).toBe(
      POOL_MESSAGES.renameUnsupported,
    );
    expect(renameFailure(new LxdApiError('taken', 409)).message).toBe('taken');
  });
});
