import { describe, expect, it } from 'vitest';
import {
  changeLines,
  emptyGroupValues,
  groupChanges,
  groupToValues,
  hasChanges,
  splitIdentityKey,
} from './form';
import {
  buildPermissionChanges,
  describePermission,
  entitiesOf,
  entitlementsOf,
  entityLabel,
  entityTypeChoices,
} from './permissions';
import { identityCount, matchGroup, memberKeys, permissionCount } from './rules';

const c1View = {
  entity_type: 'instance',
  url: '/1.0/instances/c1?project=default',
  entitlement: 'can_view',
};
const c1Exec = { ...c1View, entitlement: 'can_exec' };
const admin = { entity_type: 'server', url: '/1.0', entitlement: 'admin' };

describe('buildPermissionChanges', () => {
  it('lists what is added and what is removed', () => {
    expect(buildPermissionChanges([c1View, admin], [admin, c1Exec])).toEqual({
      added: [c1Exec],
      removed: [c1View],
    });
  });

  it('finds nothing when only the order changed, and ignores duplicates', () => {
    expect(buildPermissionChanges([c1View, admin], [admin, c1View])).toEqual({
      added: [],
      removed: [],
    });
    expect(buildPermissionChanges([], [c1View, c1View])).toEqual({ added: [c1View], removed: [] });
  });

  it('tells the same entitlement on another entity apart', () => {
    const c2View = { ...c1View, url: '/1.0/instances/c2?project=default' };
    expect(buildPermissionChanges([c1View], [c2View])).toEqual({
      added: [c2View],
      removed: [c1View],
    });
  });
});

describe('how permissions read', () => {
  it('names the entity with its project and pool', () => {
    expect(describePermission(c1View)).toBe('can_view on instance c1 (project default)');
    expect(describePermission(admin)).toBe('admin on server');
    expect(
      describePermission({
        entity_type: 'storage_volume',
        url: '/1.0/storage-pools/fast/volumes/custom/data%20disk?project=p1',
        entitlement: 'can_edit',
      }),
    ).toBe('can_edit on storage volume data disk (pool fast, project p1)');
    expect(
      describePermission({
        entity_type: 'identity_provider_group',
        url: '/1.0/auth/identity-provider-groups/sales',
        entitlement: 'can_view',
      }),
    ).toBe('can_view on IdP group sales');
    expect(entityLabel('/1.0/network-acls/web?project=default')).toBe('web (project default)');
    expect(entityLabel('/1.0/projects/default')).toBe('default');
  });

  it('offers the server’s entity types, or LXD 5.21’s without metadata', () => {
    const fallback = entityTypeChoices(undefined);
    expect(fallback.map((t) => t.name)).toContain('identity_provider_group');
    expect(fallback.find((t) => t.name === 'instance')?.projectSpecific).toBe(true);
    expect(fallback.find((t) => t.name === 'storage_pool')?.projectSpecific).toBe(false);
    expect(
      entityTypeChoices({
        replicator: {
          project_specific: true,
          entitlements: [{ name: 'can_view', description: 'Grants permission to view' }],
        },
        operation: { project_specific: true, entitlements: null },
      }),
    ).toEqual([
      {
        name: 'replicator',
        projectSpecific: true,
        descriptions: { can_view: 'Grants permission to view' },
      },
    ]);
  });

  it('reads entities and their entitlements from permission rows', () => {
    const rows = [c1View, c1Exec, { ...c1View, url: '/1.0/instances/c2?project=default' }];
    expect(entitiesOf(rows)).toEqual([
      '/1.0/instances/c1?project=default',
      '/1.0/instances/c2?project=default',
    ]);
    expect(entitlementsOf(rows, '/1.0/instances/c1?project=default')).toEqual([
      'can_view',
      'can_exec',
    ]);
  });
});

describe('group form', () => {
  const group = {
    name: 'ops',
    description: 'Operators',
    permissions: [admin],
    identities: { tls: ['abc'], oidc: ['jane@example.com'] },
    identity_provider_groups: ['sales'],
  };

  it('reads members as identity keys and counts them', () => {
    expect(memberKeys(group)).toEqual(['tls/abc', 'oidc/jane@example.com']);
    expect(identityCount(group)).toBe(2);
    expect(permissionCount(group)).toBe(1);
    expect(permissionCount({ ...group, permissions: null })).toBe(0);
    expect(matchGroup('OPER')(group)).toBe(true);
    expect(splitIdentityKey('oidc/a/b')).toEqual(['oidc', 'a/b']);
  });

  it('summarises an edit as + and - lines', () => {
    const before = groupToValues(group);
    const after = {
      ...before,
      permissions: [c1View],
      identities: ['tls/abc', 'tls/def'],
      idpGroups: [],
    };
    const changes = groupChanges(before, after);
    expect(hasChanges(changes)).toBe(true);
    expect(hasChanges(groupChanges(before, before))).toBe(false);
    expect(changeLines(changes, (key) => (key === 'tls/def' ? 'bob' : key))).toEqual([
      { sign: '+', text: 'can_view on instance c1 (project default)' },
      { sign: '-', text: 'admin on server' },
      { sign: '+', text: 'identity bob' },
      { sign: '-', text: 'identity oidc/jane@example.com' },
      { sign: '-', text: 'IdP group sales' },
    ]);
    expect(
      groupChanges(emptyGroupValues(), { ...emptyGroupValues(), description: 'x' }).description,
    ).toBe(true);
  });
});
