import { describe, expect, it } from 'vitest';
import { POWERFLEX_REQUIRED, PURE_REQUIRED } from '../../../shared/validation';
import { fromFieldValues, poolFieldProblems, poolRequirement, toFieldValues } from './field-values';
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
  YAML_MESSAGES,
  type PoolFormValues,
} from './form';
import { POOL_MESSAGES } from './rules';

const standalone = { mode: 'create' as const, members: [] };
const cluster = { mode: 'create' as const, members: ['m1', 'm2'] };

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

describe('the form kit’s values (field-values.ts)', () => {
  const zfs: PoolFormValues = {
    ...newPoolValues('zfs', ['m1']),
    name: 'tank',
    config: { 'zfs.clone_copy': 'false', 'user.note': 'keep' },
    members: { m1: { size: '10GiB', 'volatile.initial_source': '/dev/sdb' } },
  };

  it('holds each shown key under its form id, and keeps the others aside, both ways', () => {
    const values = toFieldValues(zfs, ['m1']);
    expect(values.config).toEqual({ zfs_clone_copy: 'false' });
    expect(values.other).toEqual({ 'user.note': 'keep' });
    expect(values.members).toEqual([
      { name: 'm1', config: { size: '10GiB' }, other: { 'volatile.initial_source': '/dev/sdb' } },
    ]);
    expect(fromFieldValues(values)).toEqual(zfs);
  });

  it('drops the keys of another driver once the driver changes', () => {
    const values = { ...toFieldValues(zfs, ['m1']), driver: 'dir' };
    expect(fromFieldValues(values).config).toEqual({ 'user.note': 'keep' });
  });

  it('puts each problem on its field: sizes per member, required keys, the name', () => {
    const values = toFieldValues(
      { ...newPoolValues('zfs', ['m1', 'm2']), members: { m1: { size: 'lots' }, m2: {} } },
      ['m1', 'm2'],
    );
    expect(poolFieldProblems(values, cluster)).toEqual({
      name: 'Storage pool name is required',
      'members.0.config.size': POOL_MESSAGES.sizeFormat,
    });
    const powerflex = toFieldValues({ ...newPoolValues('powerflex', []), name: 'pf' }, []);
    expect(poolFieldProblems(powerflex, standalone)).toEqual({
      'config.powerflex_pool': 'Required',
      'config.powerflex_gateway': 'Required',
      'config.powerflex_user_password': 'Required',
    });
    expect(poolRequirement(powerflex)).toBe(POWERFLEX_REQUIRED);
  });
});
