import { describe, expect, it } from 'vitest';
import {
  POWERFLEX_REQUIRED,
  PURE_REQUIRED,
  STORAGE_POOL_NAME_EXISTS,
} from '../../../shared/validation';
import {
  defaultDriver,
  driverFields,
  driverOptions,
  driverTakesSize,
  memberFields,
} from './drivers';
import {
  countPoolChanges,
  createRequests,
  memberKeyInShared,
  newPoolValues,
  poolFromYamlObject,
  poolToValues,
  poolYamlObject,
  updateRequests,
  validatePoolForm,
  withDriver,
  YAML_MESSAGES,
  type PoolFormValues,
} from './form';
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

const standalone = { mode: 'create' as const, members: [] };
const cluster = { mode: 'create' as const, members: ['m1', 'm2'] };

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

describe('form checks', () => {
  const values = (over: Partial<PoolFormValues>): PoolFormValues => ({
    ...newPoolValues('dir', []),
    name: 'p1',
    ...over,
  });

  it('PowerFlex and Pure Storage requirements with the exact messages (spec §5)', () => {
    expect(validatePoolForm(values({ driver: 'powerflex' }), standalone).requirements).toBe(
      POWERFLEX_REQUIRED,
    );
    expect(POWERFLEX_REQUIRED).toBe(
      'Pool, gateway and user password are required for Dell PowerFlex',
    );
    expect(
      validatePoolForm(
        values({
          driver: 'powerflex',
          config: {
            'powerflex.pool': 'id',
            'powerflex.gateway': 'https://gw',
            'powerflex.user.password': 'pw',
          },
        }),
        standalone,
      ),
    ).toEqual({});
    expect(
      validatePoolForm(values({ driver: 'pure', config: { 'pure.gateway': 'gw' } }), standalone)
        .requirements,
    ).toBe(PURE_REQUIRED);
    expect(PURE_REQUIRED).toBe('Gateway and API token are required for Pure Storage');
  });

  it('name and driver on creation, size by driver, per member too', () => {
    expect(validatePoolForm(values({ name: '', driver: '' }), standalone)).toEqual({
      name: 'Storage pool name is required',
      driver: 'Choose a driver',
    });
    expect(validatePoolForm(values({ config: { size: '5GiB' } }), standalone)).toEqual({
      'config.size': 'Directory pools take no size: remove it',
    });
    expect(
      validatePoolForm(
        values({ driver: 'zfs', members: { m1: { size: 'lots' }, m2: {} } }),
        cluster,
      ),
    ).toEqual({ 'm1.size': POOL_MESSAGES.sizeFormat });
    // Editing checks neither the name nor the driver.
    expect(validatePoolForm(values({ name: '' }), { mode: 'edit', members: [] })).toEqual({});
  });

  it('in a cluster, member-specific keys may not be shared', () => {
    expect(
      validatePoolForm(values({ driver: 'zfs', config: { source: '/dev/sdb' } }), cluster),
    ).toEqual({ 'config.source': memberKeyInShared('source') });
  });

  it('changing the driver drops the old driver’s own fields only', () => {
    const zfs = values({
      driver: 'zfs',
      config: { size: '10GiB', 'zfs.pool_name': 'tank', source: '/dev/x', 'user.note': 'keep' },
    });
    expect(withDriver(zfs, 'dir').config).toEqual({ source: '/dev/x', 'user.note': 'keep' });
    expect(withDriver(zfs, 'lvm').config).toEqual({
      size: '10GiB',
      source: '/dev/x',
      'user.note': 'keep',
    });
  });
});

describe('field mapping', () => {
  it('a standalone creation sends one POST with every non-empty key', () => {
    const requests = createRequests(
      {
        name: ' p1 ',
        description: 'Fast',
        driver: 'zfs',
        config: { size: '10GiB', 'zfs.pool_name': '', 'zfs.clone_copy': 'false' },
        members: {},
      },
      standalone,
    );
    expect(requests).toEqual({
      body: {
        name: 'p1',
        description: 'Fast',
        driver: 'zfs',
        config: { size: '10GiB', 'zfs.clone_copy': 'false' },
      },
      members: [],
    });
  });

  it('a clustered creation sends member keys per member and the rest shared', () => {
    const requests = createRequests(
      {
        name: 'p1',
        description: '',
        driver: 'zfs',
        config: { 'zfs.clone_copy': 'false' },
        members: { m1: { size: '10GiB', source: '' }, m2: { 'zfs.pool_name': 'tank' } },
      },
      cluster,
    );
    expect(requests.body.config).toEqual({ 'zfs.clone_copy': 'false' });
    expect(requests.members).toEqual([
      { member: 'm1', config: { size: '10GiB' } },
      { member: 'm2', config: { 'zfs.pool_name': 'tank' } },
    ]);
  });

  it('an edit PATCHes the whole shared config; removed keys go as empty values', () => {
    const pool = {
      name: 'p1',
      driver: 'dir',
      description: 'old',
      config: { source: '/srv', 'rsync.bwlimit': '10' },
    };
    const base = poolToValues(pool);
    const edited = { ...base, description: 'new', config: { source: '/srv' } };
    expect(countPoolChanges(base, edited)).toBe(2);
    expect(updateRequests(base, edited)).toEqual({
      body: { description: 'new', config: { source: '/srv', 'rsync.bwlimit': '' } },
      members: [],
    });
    expect(countPoolChanges(base, base)).toBe(0);
  });

  it('a clustered edit PATCHes only members whose own keys changed, with their ETags', () => {
    const pool = { name: 'p1', driver: 'zfs', description: '', config: { 'zfs.export': 'true' } };
    const view = (size: string) => ({ ...pool, config: { ...pool.config, size, source: '/x' } });
    const base = poolToValues(pool, { m1: view('10GiB'), m2: view('10GiB') });
    expect(base.config).toEqual({ 'zfs.export': 'true' });
    expect(base.members).toEqual({
      m1: { size: '10GiB', source: '/x' },
      m2: { size: '10GiB', source: '/x' },
    });
    const edited = { ...base, members: { ...base.members, m2: { size: '20GiB', source: '/x' } } };
    expect(updateRequests(base, edited, { m1: '"a"', m2: '"b"' })).toEqual({
      body: { description: '', config: { 'zfs.export': 'true' } },
      members: [{ member: 'm2', config: { size: '20GiB' }, etag: '"b"' }],
    });
    expect(countPoolChanges(base, edited)).toBe(1);
  });
});

describe('YAML mode', () => {
  const previous = { ...newPoolValues('dir', []), name: 'p1' };

  it('shows the POST body when creating and the PATCH body when editing', () => {
    const values = { ...previous, description: 'd', config: { source: '/srv', size: '' } };
    expect(poolYamlObject(values, standalone)).toEqual({
      name: 'p1',
      description: 'd',
      driver: 'dir',
      config: { source: '/srv' },
    });
    expect(poolYamlObject(values, { mode: 'edit', members: [] })).toEqual({
      description: 'd',
      config: { source: '/srv' },
    });
  });

  it('reads values back as text and refuses wrong shapes with a message', () => {
    expect(
      poolFromYamlObject(
        { name: 'p2', driver: 'zfs', config: { size: 10, 'zfs.export': false } },
        previous,
        standalone,
      ),
    ).toEqual({
      name: 'p2',
      description: '',
      driver: 'zfs',
      config: { size: '10', 'zfs.export': 'false' },
      members: {},
    });
    expect(() => poolFromYamlObject('text', previous, standalone)).toThrow(YAML_MESSAGES.notMap);
    expect(() => poolFromYamlObject({ config: [] }, previous, standalone)).toThrow(
      'config must be a map of keys to values',
    );
    expect(() => poolFromYamlObject({ devices: {} }, previous, standalone)).toThrow(
      'Unknown field "devices": a storage pool has name, description, driver and config',
    );
    expect(() => poolFromYamlObject({ config: { a: { b: 1 } } }, previous, standalone)).toThrow(
      'config.a must be a text value',
    );
  });

  it('editing keeps the name and driver; changing them is refused', () => {
    const edit = { mode: 'edit' as const, members: [] };
    expect(poolFromYamlObject({ description: 'x' }, previous, edit).name).toBe('p1');
    expect(() => poolFromYamlObject({ name: 'other' }, previous, edit)).toThrow(
      'Use Rename to change the name of a storage pool',
    );
    expect(() => poolFromYamlObject({ driver: 'zfs' }, previous, edit)).toThrow(
      'The driver of a storage pool cannot be changed',
    );
  });

  it('in a cluster member-specific keys stay in the form', () => {
    expect(() => poolFromYamlObject({ config: { size: '1GiB' } }, previous, cluster)).toThrow(
      'size is set per cluster member: set it in the form, not in the shared config',
    );
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
