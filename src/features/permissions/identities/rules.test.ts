import { describe, expect, it } from 'vitest';
import type { LxdIdentity } from '../../../lxd/types/identity';
import {
  IDENTITY_MESSAGES,
  deleteIdentityBlocker,
  editIdentityBlocker,
  isSameIdentity,
  isSystemIdentity,
  matchIdentity,
  visibleIdentities,
} from './rules';

const identity = (type: string, name = type): LxdIdentity => ({
  id: name,
  name,
  type,
  authentication_method: type.startsWith('OIDC') ? 'oidc' : 'tls',
  groups: [],
});

describe('system identities', () => {
  const types = [
    'Client certificate',
    'Client certificate (pending)',
    'Client certificate (restricted)',
    'Client certificate (unrestricted)',
    'Server certificate',
    'Metrics certificate (restricted)',
    'Metrics certificate (unrestricted)',
    'Cluster link certificate',
    'Cluster link certificate (pending)',
    'OIDC client',
    'Client token bearer',
    'DevLXD token bearer',
    'Initial UI token bearer',
  ];

  it('are the cluster members, metrics scrapers, cluster links and devLXD tokens', () => {
    expect(types.filter((type) => isSystemIdentity({ type }))).toEqual([
      'Server certificate',
      'Metrics certificate (restricted)',
      'Metrics certificate (unrestricted)',
      'Cluster link certificate',
      'Cluster link certificate (pending)',
      'DevLXD token bearer',
    ]);
    expect(isSystemIdentity({})).toBe(false);
  });

  it('are left out only when hidden', () => {
    const all = types.map((type) => identity(type));
    expect(visibleIdentities(all, false)).toHaveLength(13);
    expect(visibleIdentities(all, true).map((i) => i.type)).toEqual([
      'Client certificate',
      'Client certificate (pending)',
      'Client certificate (restricted)',
      'Client certificate (unrestricted)',
      'OIDC client',
      'Client token bearer',
      'Initial UI token bearer',
    ]);
  });
});

describe('what may be done with an identity', () => {
  it('groups apply only to fine-grained identity types', () => {
    expect(editIdentityBlocker(identity('Client certificate'), false)).toBeUndefined();
    expect(editIdentityBlocker(identity('OIDC client'), false)).toBeUndefined();
    expect(editIdentityBlocker(identity('Client certificate (unrestricted)'), false)).toBe(
      'Client certificate (unrestricted) identities do not get their access from groups: manage them as certificates',
    );
    expect(editIdentityBlocker(identity('Initial UI token bearer'), false)).toBe(
      IDENTITY_MESSAGES.notInGroups('Initial UI token bearer'),
    );
    expect(deleteIdentityBlocker(identity('Initial UI token bearer'), false)).toBeUndefined();
    expect(deleteIdentityBlocker(identity('Server certificate'), false)).toBe(
      IDENTITY_MESSAGES.notInGroups('Server certificate'),
    );
  });

  it('needs can_edit and can_delete in fine-grained mode', () => {
    const mine = { ...identity('OIDC client'), access_entitlements: ['can_edit'] };
    expect(editIdentityBlocker(mine, true)).toBeUndefined();
    expect(deleteIdentityBlocker(mine, true)).toBe(
      'You do not have permission to delete this identity',
    );
    expect(editIdentityBlocker(identity('OIDC client'), true)).toBe(
      'You do not have permission to change this identity',
    );
  });

  it('knows the signed-in identity by method and identifier', () => {
    const me = { id: 'abc', authentication_method: 'tls' };
    expect(isSameIdentity(me, me)).toBe(true);
    expect(isSameIdentity(me, { id: 'abc', authentication_method: 'oidc' })).toBe(false);
    expect(isSameIdentity(me, undefined)).toBe(false);
  });

  it('searches every word in name, identifier, type and groups', () => {
    const alice = { ...identity('OIDC client', 'alice'), groups: ['ops'] };
    expect(matchIdentity('ALICE ops')(alice)).toBe(true);
    expect(matchIdentity('alice dev')(alice)).toBe(false);
    expect(matchIdentity('oidc')(alice)).toBe(true);
  });
});
