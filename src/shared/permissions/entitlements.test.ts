import { describe, expect, it } from 'vitest';
import {
  FINE_GRAINED_UNKNOWN_ERROR,
  PROJECT_ENTITLEMENTS,
  SERVER_ENTITLEMENTS,
  assertFineGrainedKnown,
  canOnServer,
  defaultProjectName,
  entitlementsParam,
  hasEntitlement,
  isRestrictedUser,
  isRestrictedCertificate,
} from './entitlements';

describe('entitlement checks', () => {
  const project = { access_entitlements: ['can_edit', 'can_view_events'] };

  it('allows everything while fine-grained mode is unknown', () => {
    expect(hasEntitlement(null, 'can_delete', project)).toBe(true);
    expect(hasEntitlement(null, 'can_delete', undefined)).toBe(true);
  });

  it('allows everything when not fine-grained', () => {
    expect(hasEntitlement(false, 'can_delete', { access_entitlements: [] })).toBe(true);
  });

  it('needs the entitlement in the object list when fine-grained', () => {
    expect(hasEntitlement(true, 'can_edit', project)).toBe(true);
    expect(hasEntitlement(true, 'can_delete', project)).toBe(false);
    expect(hasEntitlement(true, 'can_edit', {})).toBe(false);
    expect(hasEntitlement(true, ['can_delete', 'can_edit'], project)).toBe(true);
  });
});

describe('server-level entitlements (any of the listed)', () => {
  it('lists them as the spec does', () => {
    expect(SERVER_ENTITLEMENTS).toEqual({
      createGroups: ['can_create_groups', 'permission_manager', 'admin'],
      // Names the spec leaves out: LXD's.
      createIdentities: ['can_create_identities', 'permission_manager', 'admin'],
      createIdpGroups: ['can_create_identity_provider_groups', 'permission_manager', 'admin'],
      createProjects: ['can_create_projects', 'project_manager', 'admin'],
      createStoragePools: ['can_create_storage_pools', 'storage_pool_manager', 'admin'],
      editServerConfig: ['can_edit', 'admin'],
      viewMetrics: ['can_view_metrics', 'admin', 'viewer'],
      viewPermissions: ['can_view_permissions', 'permission_manager', 'admin'],
      viewResources: ['can_view_resources', 'admin', 'viewer'],
      overrideClusterTarget: ['can_override_cluster_target_restriction', 'admin'],
    });
  });

  it('grants an ability for any one of its entitlements', () => {
    expect(canOnServer(true, 'createProjects', { access_entitlements: ['project_manager'] })).toBe(
      true,
    );
    expect(canOnServer(true, 'createProjects', { access_entitlements: ['viewer'] })).toBe(false);
    expect(canOnServer(true, 'viewMetrics', { access_entitlements: ['viewer'] })).toBe(true);
    expect(canOnServer(false, 'editServerConfig', { access_entitlements: [] })).toBe(true);
  });
});

describe('project-level entitlements', () => {
  it('are the twelve of the spec', () => {
    expect(PROJECT_ENTITLEMENTS).toEqual([
      'can_create_image_aliases',
      'can_create_images',
      'can_create_instances',
      'can_create_networks',
      'can_create_network_acls',
      'can_create_profiles',
      'can_create_storage_volumes',
      'can_create_storage_buckets',
      'can_delete',
      'can_edit',
      'can_view_events',
      'can_view_operations',
    ]);
  });

  it('are asked for only in fine-grained mode', () => {
    expect(entitlementsParam(true, ['can_delete'])).toBe('can_delete');
    expect(entitlementsParam(true, ['can_edit', 'can_delete'])).toBe('can_edit,can_delete');
    expect(entitlementsParam(false, ['can_delete'])).toBeUndefined();
    expect(entitlementsParam(null, ['can_delete'])).toBeUndefined();
  });
});

describe('fine-grained unknown', () => {
  it('stops resource fetches with the spec message', () => {
    expect(() => {
      assertFineGrainedKnown(null);
    }).toThrow('Resource API fetch disabled if isFineGrained is null');
    expect(FINE_GRAINED_UNKNOWN_ERROR).toBe('Resource API fetch disabled if isFineGrained is null');
    expect(() => {
      assertFineGrainedKnown(false);
    }).not.toThrow();
  });
});

describe('restricted user', () => {
  it('is not fine-grained with a restricted certificate', () => {
    expect(
      isRestrictedUser({
        isFineGrained: false,
        certificateRestricted: true,
        defaultProject: 'default',
      }),
    ).toBe(true);
  });

  it('is not fine-grained with a default project other than default', () => {
    expect(
      isRestrictedUser({
        isFineGrained: false,
        certificateRestricted: false,
        defaultProject: 'lab',
      }),
    ).toBe(true);
  });

  it('is never a fine-grained user', () => {
    expect(
      isRestrictedUser({ isFineGrained: true, certificateRestricted: true, defaultProject: 'lab' }),
    ).toBe(false);
  });

  it('is not an unrestricted user of the default project', () => {
    expect(
      isRestrictedUser({
        isFineGrained: false,
        certificateRestricted: false,
        defaultProject: 'default',
      }),
    ).toBe(false);
  });
});

describe('certificate types', () => {
  it('names a restricted TLS client by its identity’s type, else by its certificate', () => {
    const tls = (identity?: { type?: string; fine_grained?: boolean }, restricted?: boolean) =>
      isRestrictedCertificate({
        identity: identity && { authentication_method: 'tls', ...identity },
        certificate: restricted === undefined ? undefined : { restricted },
      });
    // Types ending with '(unrestricted)' or starting with 'Server certificate' are unrestricted.
    expect(tls({ type: 'Client certificate (unrestricted)' })).toBe(false);
    expect(tls({ type: 'Metrics certificate (unrestricted)' })).toBe(false);
    expect(tls({ type: 'Server certificate' })).toBe(false);
    expect(tls({ type: 'Server certificate (cluster)' })).toBe(false);
    expect(tls({ type: 'Client certificate (restricted)' })).toBe(true);
    expect(tls({ type: 'Metrics certificate' })).toBe(true);
    // The type wins over a certificate read elsewhere.
    expect(tls({ type: 'Client certificate (restricted)' }, false)).toBe(true);
    // A fine-grained TLS identity is governed by its groups.
    expect(tls({ type: 'Client certificate', fine_grained: true })).toBe(false);
    expect(tls(undefined, true)).toBe(true);
    expect(tls({}, true)).toBe(true);
    expect(tls(undefined, false)).toBe(false);
    expect(
      isRestrictedCertificate({
        identity: { authentication_method: 'oidc', type: 'OIDC client' },
        certificate: undefined,
      }),
    ).toBe(false);
  });
});

describe('default project', () => {
  it("is 'default' when present or when there are no projects, else the first", () => {
    expect(defaultProjectName([])).toBe('default');
    expect(defaultProjectName([{ name: 'a' }, { name: 'default' }])).toBe('default');
    expect(defaultProjectName([{ name: 'lab' }, { name: 'prod' }])).toBe('lab');
  });
});
