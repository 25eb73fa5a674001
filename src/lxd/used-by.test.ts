import { describe, expect, it } from 'vitest';
import { describeUsedBy, groupUsedBy, parseUsedBy, usedByInstances, usedByRefs } from './used-by';

describe('used_by URLs', () => {
  it.each([
    ['/1.0/instances/c1', { kind: 'instance', name: 'c1', project: 'default' }],
    ['/1.0/instances/c1?project=p', { kind: 'instance', name: 'c1', project: 'p' }],
    [
      '/1.0/instances/c1/snapshots/snap0',
      { kind: 'instance', name: 'c1/snap0', parent: 'c1', snapshot: 'snap0' },
    ],
    ['/1.0/profiles/my%20profile', { kind: 'profile', name: 'my profile' }],
    ['/1.0/networks/br0?project=p', { kind: 'network', name: 'br0', project: 'p' }],
    ['/1.0/network-acls/web', { kind: 'network-acl', name: 'web' }],
    ['/1.0/images/abc123', { kind: 'image', name: 'abc123' }],
    [
      '/1.0/storage-pools/default/volumes/custom/v1?target=m1',
      { kind: 'volume', pool: 'default', volumeType: 'custom', name: 'v1', member: 'm1' },
    ],
    [
      '/1.0/storage-pools/default/volumes/custom/v1/snapshots/s1',
      { kind: 'volume', name: 'v1/s1', parent: 'v1', snapshot: 's1' },
    ],
    ['/1.0/storage-pools/default/buckets/b1', { kind: 'bucket', pool: 'default', name: 'b1' }],
    ['/1.0/storage-pools/default', { kind: 'storage-pool', name: 'default' }],
    ['/1.0/instances/c1/logs', { kind: 'other', name: '/1.0/instances/c1/logs' }],
    ['/2.0/whatever', { kind: 'other', name: '/2.0/whatever' }],
  ])('%s', (url, expected) => {
    expect(parseUsedBy(url)).toMatchObject({ url, ...expected });
  });

  it('picks the instances, without their snapshots', () => {
    const refs = usedByInstances([
      '/1.0/instances/c1',
      '/1.0/instances/c1/snapshots/s',
      '/1.0/profiles/x',
      '/1.0/instances/x1?project=team',
    ]);
    expect(refs.map(({ name, project }) => `${project}/${name}`)).toEqual([
      'default/c1',
      'team/x1',
    ]);
  });

  it('takes the project the list was asked in when the URL names none', () => {
    expect(parseUsedBy('/1.0/instances/c1', 'p').project).toBe('p');
    expect(parseUsedBy('/1.0/instances/c1?project=q', 'p').project).toBe('q');
  });

  it('groups by kind in a fixed order, names sorted, and describes them', () => {
    const refs = usedByRefs([
      '/1.0/profiles/b',
      '/1.0/networks/br1',
      '/1.0/instances/c2',
      '/1.0/networks/br0',
      '/1.0/instances/c1',
    ]);
    expect(groupUsedBy(refs).map((group) => [group.kind, group.refs.map((r) => r.name)])).toEqual([
      ['instance', ['c1', 'c2']],
      ['profile', ['b']],
      ['network', ['br0', 'br1']],
    ]);
    expect(describeUsedBy(refs)).toBe(
      '2 instances (c1, c2), 1 profile (b) and 2 networks (br0, br1)',
    );
  });

  it('names the first three of a kind and counts the rest', () => {
    const refs = usedByRefs(['a', 'b', 'c', 'd', 'e'].map((n) => `/1.0/instances/${n}`));
    expect(describeUsedBy(refs)).toBe('5 instances (a, b, c and 2 more)');
  });

  it('names the kinds in a given order first, and lists names as asked', () => {
    const refs = usedByRefs(['/1.0/instances/c1', '/1.0/networks/br1', '/1.0/networks/br0']);
    expect(describeUsedBy(refs, { order: ['network'] })).toBe(
      '2 networks (br0, br1) and 1 instance (c1)',
    );
    expect(describeUsedBy(refs, { names: (names) => names.join('/') })).toBe(
      '1 instance (c1) and 2 networks (br0/br1)',
    );
  });

  it('names them as the caller says', () => {
    const refs = usedByRefs(['/1.0/instances/a?project=p', '/1.0/instances/b']);
    const nameOf = (ref: { name: string; project: string }) =>
      ref.project === 'default' ? ref.name : `${ref.name} in project ${ref.project}`;
    expect(describeUsedBy(refs, { nameOf })).toBe('2 instances (a in project p, b)');
  });

  it('reads the instance URLs of older servers', () => {
    expect(parseUsedBy('/1.0/containers/c1')).toMatchObject({ kind: 'instance', name: 'c1' });
    expect(parseUsedBy('/1.0/virtual-machines/v1/snapshots/s0')).toMatchObject({
      kind: 'instance',
      name: 'v1/s0',
      parent: 'v1',
    });
  });
});
