import { describe, expect, it } from 'vitest';
import { PROJECT_ENTITLEMENTS, SERVER_ENTITLEMENTS } from './entitlements';
import {
  ENTITY_ENTITLEMENTS,
  OBJECT_RULES,
  PROJECT_RULES,
  SERVER_RULES,
  objectDenial,
  objectReason,
  projectDenial,
  selectionDenial,
  serverDenial,
} from './rules';

/** The entitlements LXD accepts per entity type (canonical/lxd lxd/auth/entitlements_generated.go). */
const LXD_ENTITLEMENTS: Record<keyof typeof ENTITY_ENTITLEMENTS, readonly string[]> = {
  server: [
    'admin',
    'viewer',
    'can_edit',
    'permission_manager',
    'can_view_permissions',
    'can_create_identities',
    'can_view_identities',
    'can_edit_identities',
    'can_delete_identities',
    'can_create_groups',
    'can_view_groups',
    'can_edit_groups',
    'can_delete_groups',
    'can_create_identity_provider_groups',
    'can_view_identity_provider_groups',
    'can_edit_identity_provider_groups',
    'can_delete_identity_provider_groups',
    'storage_pool_manager',
    'can_create_storage_pools',
    'can_edit_storage_pools',
    'can_delete_storage_pools',
    'project_manager',
    'can_create_projects',
    'can_view_projects',
    'can_edit_projects',
    'can_delete_projects',
    'can_override_cluster_target_restriction',
    'can_view_events',
    'can_view_operations',
    'can_view_resources',
    'can_view_metrics',
    'can_view_warnings',
    'can_view_unmanaged_networks',
  ],
  project: [
    'operator',
    'viewer',
    'can_view',
    'can_edit',
    'can_delete',
    'can_create_images',
    'can_create_image_aliases',
    'can_create_instances',
    'can_create_networks',
    'can_create_network_acls',
    'can_create_network_zones',
    'can_create_profiles',
    'can_create_storage_volumes',
    'can_create_storage_buckets',
    'can_view_operations',
    'can_view_events',
    'can_view_metrics',
  ],
  instance: [
    'user',
    'operator',
    'can_edit',
    'can_delete',
    'can_view',
    'can_update_state',
    'can_manage_snapshots',
    'can_manage_backups',
    'can_connect_sftp',
    'can_access_files',
    'can_access_console',
    'can_exec',
  ],
  profile: ['can_edit', 'can_delete', 'can_view'],
  network: ['can_edit', 'can_delete', 'can_view'],
  network_acl: ['can_edit', 'can_delete', 'can_view'],
  image: ['can_edit', 'can_delete', 'can_view'],
  image_alias: ['can_edit', 'can_delete', 'can_view'],
  storage_pool: ['can_edit', 'can_delete'],
  storage_volume: [
    'can_edit',
    'can_delete',
    'can_view',
    'can_manage_snapshots',
    'can_manage_backups',
  ],
  storage_bucket: ['can_edit', 'can_delete', 'can_view'],
};

describe('what the screens ask for (with-access-entitlements)', () => {
  it('asks only for entitlements LXD accepts for each entity type (else 400)', () => {
    for (const [type, asked] of Object.entries(ENTITY_ENTITLEMENTS)) {
      const valid = LXD_ENTITLEMENTS[type as keyof typeof ENTITY_ENTITLEMENTS];
      for (const entitlement of asked)
        expect(valid, `${type}: ${entitlement}`).toContain(entitlement);
    }
  });

  it('asks the server for every entitlement of the server-level abilities of spec §6', () => {
    expect([...ENTITY_ENTITLEMENTS.server].sort()).toEqual(
      [...new Set(Object.values(SERVER_ENTITLEMENTS).flat())].sort(),
    );
  });

  it('asks the projects for the twelve project-level entitlements of spec §6', () => {
    expect(ENTITY_ENTITLEMENTS.project).toEqual(PROJECT_ENTITLEMENTS);
  });

  it('asks the image list for can_delete (spec §6)', () => {
    expect(ENTITY_ENTITLEMENTS.image).toEqual(['can_delete']);
  });

  it('asks for what each object action checks', () => {
    const checked = new Set(Object.values(OBJECT_RULES).map((rule) => rule.entitlement));
    expect(new Set(ENTITY_ENTITLEMENTS.instance)).toEqual(checked);
    expect(ENTITY_ENTITLEMENTS.storage_volume).toEqual([
      ...ENTITY_ENTITLEMENTS.profile,
      'can_manage_snapshots',
      'can_manage_backups',
    ]);
    for (const type of ['profile', 'network', 'network_acl', 'storage_pool', 'storage_bucket']) {
      expect(ENTITY_ENTITLEMENTS[type as 'profile']).toEqual(['can_edit', 'can_delete']);
    }
  });
});

describe('project-level rules (spec §6)', () => {
  it('check each project-level entitlement, with its reason', () => {
    expect(
      Object.fromEntries(
        Object.entries(PROJECT_RULES).map(([action, rule]) => [
          action,
          [rule.entitlement, rule.reason],
        ]),
      ),
    ).toEqual({
      createInstances: [
        'can_create_instances',
        'You do not have permission to create instances in this project',
      ],
      createProfiles: [
        'can_create_profiles',
        'You do not have permission to create profiles in this project',
      ],
      createNetworks: [
        'can_create_networks',
        'You do not have permission to create networks in this project',
      ],
      createNetworkAcls: [
        'can_create_network_acls',
        'You do not have permission to create network ACLs in this project',
      ],
      createImages: [
        'can_create_images',
        'You do not have permission to create images in this project',
      ],
      createImageAliases: [
        'can_create_image_aliases',
        'You do not have permission to create image aliases in this project',
      ],
      createStorageVolumes: [
        'can_create_storage_volumes',
        'You do not have permission to create storage volumes in this project',
      ],
      createStorageBuckets: [
        'can_create_storage_buckets',
        'You do not have permission to create storage buckets in this project',
      ],
      editProject: ['can_edit', 'You do not have permission to change this project'],
      renameProject: ['can_edit', 'You do not have permission to rename this project'],
      deleteProject: ['can_delete', 'You do not have permission to delete this project'],
      viewEvents: [
        'can_view_events',
        'You do not have permission to view the events of this project',
      ],
      viewOperations: [
        'can_view_operations',
        'You do not have permission to view the operations of this project',
      ],
    });
  });

  it('cover all twelve project-level entitlements', () => {
    expect(new Set(Object.values(PROJECT_RULES).map((rule) => rule.entitlement))).toEqual(
      new Set(PROJECT_ENTITLEMENTS),
    );
  });

  it('allow everything while the mode is unknown or not fine-grained', () => {
    const none = { access_entitlements: [] };
    expect(projectDenial(null, 'createInstances', none)).toBeUndefined();
    expect(projectDenial(false, 'createInstances', none)).toBeUndefined();
    expect(projectDenial(false, 'deleteProject', undefined)).toBeUndefined();
  });

  it('need the entitlement in the project list when fine-grained', () => {
    const project = { access_entitlements: ['can_create_instances', 'can_view_events'] };
    expect(projectDenial(true, 'createInstances', project)).toBeUndefined();
    expect(projectDenial(true, 'viewEvents', project)).toBeUndefined();
    expect(projectDenial(true, 'createProfiles', project)).toBe(
      'You do not have permission to create profiles in this project',
    );
    expect(projectDenial(true, 'viewOperations', project)).toBe(
      'You do not have permission to view the operations of this project',
    );
    expect(projectDenial(true, 'createInstances', undefined)).toBe(
      'You do not have permission to create instances in this project',
    );
  });
});

describe('server-level rules (spec §6)', () => {
  it('name the ability each action needs, with its reason', () => {
    expect(
      Object.fromEntries(
        Object.entries(SERVER_RULES).map(([action, rule]) => [action, [rule.ability, rule.reason]]),
      ),
    ).toEqual({
      createProjects: ['createProjects', 'You do not have permission to create projects'],
      createStoragePools: [
        'createStoragePools',
        'You do not have permission to create storage pools',
      ],
      editSettings: ['editServerConfig', 'You do not have permission to edit server settings'],
      enableClustering: [
        'editServerConfig',
        'You do not have permission to edit the server configuration',
      ],
      changeClusterMembers: [
        'editServerConfig',
        'You do not have permission to change cluster members',
      ],
      changeWarnings: [
        'editServerConfig',
        'You do not have permission to acknowledge or delete warnings',
      ],
      cancelOthersOperations: [
        'editServerConfig',
        'You do not have permission to cancel operations started by others',
      ],
      viewResources: [
        'viewResources',
        'You do not have permission to view the hardware of this server',
      ],
      viewPoolResources: [
        'viewResources',
        'You do not have permission to view the usage of storage pools',
      ],
      viewMetrics: ['viewMetrics', 'You do not have permission to view metrics'],
      viewPermissions: ['viewPermissions', 'You do not have permission to view permissions'],
      overrideClusterTarget: [
        'overrideClusterTarget',
        'You do not have permission to choose a cluster member in this project',
      ],
    });
  });

  it('grant an action for any entitlement of its ability', () => {
    const server = (...granted: string[]) => ({ access_entitlements: granted });
    expect(serverDenial(true, 'createProjects', server('can_create_projects'))).toBeUndefined();
    expect(serverDenial(true, 'createProjects', server('project_manager'))).toBeUndefined();
    expect(serverDenial(true, 'createProjects', server('admin'))).toBeUndefined();
    expect(serverDenial(true, 'createProjects', server('viewer'))).toBe(
      'You do not have permission to create projects',
    );
    expect(serverDenial(true, 'createStoragePools', server('storage_pool_manager'))).toBe(
      undefined,
    );
    expect(serverDenial(true, 'createStoragePools', server('can_create_storage_pools'))).toBe(
      undefined,
    );
    expect(serverDenial(true, 'createStoragePools', server('can_edit'))).toBe(
      'You do not have permission to create storage pools',
    );
    expect(serverDenial(true, 'editSettings', server('can_edit'))).toBeUndefined();
    expect(serverDenial(true, 'editSettings', server('admin'))).toBeUndefined();
    expect(serverDenial(true, 'editSettings', server('viewer'))).toBe(
      'You do not have permission to edit server settings',
    );
    expect(serverDenial(true, 'viewMetrics', server('can_view_metrics'))).toBeUndefined();
    expect(serverDenial(true, 'viewMetrics', server('viewer'))).toBeUndefined();
    expect(serverDenial(true, 'viewMetrics', server('can_edit'))).toBe(
      'You do not have permission to view metrics',
    );
    expect(serverDenial(true, 'viewResources', server('can_view_resources'))).toBeUndefined();
    expect(serverDenial(true, 'viewPoolResources', server('viewer'))).toBeUndefined();
    expect(serverDenial(true, 'viewResources', server())).toBe(
      'You do not have permission to view the hardware of this server',
    );
  });

  it('allow everything outside fine-grained mode', () => {
    expect(serverDenial(false, 'createProjects', { access_entitlements: [] })).toBeUndefined();
    expect(serverDenial(null, 'editSettings', undefined)).toBeUndefined();
  });
});

describe('object rules', () => {
  it('check the object entitlement of each action', () => {
    expect(
      Object.fromEntries(
        Object.entries(OBJECT_RULES).map(([action, rule]) => [action, rule.entitlement]),
      ),
    ).toEqual({
      edit: 'can_edit',
      rename: 'can_edit',
      delete: 'can_delete',
      updateState: 'can_update_state',
      manageSnapshots: 'can_manage_snapshots',
      restoreSnapshot: 'can_edit',
      manageBackups: 'can_manage_backups',
      exec: 'can_exec',
      console: 'can_access_console',
      accessFiles: 'can_access_files',
    });
  });

  it('say what may not be done to which object', () => {
    expect(objectReason('edit', 'profile')).toBe(
      'You do not have permission to change this profile',
    );
    expect(objectReason('delete', 'storage pool')).toBe(
      'You do not have permission to delete this storage pool',
    );
    expect(objectReason('updateState', 'instance')).toBe(
      'You do not have permission to change the state of this instance',
    );
    expect(objectReason('exec', 'instance')).toBe(
      'You do not have permission to open a terminal in this instance',
    );
    expect(objectReason('accessFiles', 'instance')).toBe(
      'You do not have permission to change the files of this instance',
    );
  });

  it('deny only in fine-grained mode without the entitlement', () => {
    const profile = { access_entitlements: ['can_edit'] };
    expect(objectDenial(true, 'edit', 'profile', profile)).toBeUndefined();
    expect(objectDenial(true, 'rename', 'profile', profile)).toBeUndefined();
    expect(objectDenial(true, 'delete', 'profile', profile)).toBe(
      'You do not have permission to delete this profile',
    );
    expect(objectDenial(true, 'delete', 'profile', {})).toBe(
      'You do not have permission to delete this profile',
    );
    expect(objectDenial(false, 'delete', 'profile', {})).toBeUndefined();
    expect(objectDenial(null, 'delete', 'profile', undefined)).toBeUndefined();
  });

  it('deny a bulk action unless every selected object allows it', () => {
    const noun = { one: 'instance', other: 'instances' };
    const yes = { access_entitlements: ['can_update_state'] };
    const no = { access_entitlements: [] };
    expect(selectionDenial(true, 'updateState', noun, [yes, yes])).toBeUndefined();
    expect(selectionDenial(true, 'updateState', noun, [no])).toBe(
      'You do not have permission to change the state of this instance',
    );
    expect(selectionDenial(true, 'updateState', noun, [yes, no])).toBe(
      'You do not have permission to change the state of all the selected instances',
    );
    expect(selectionDenial(false, 'updateState', noun, [no, no])).toBeUndefined();
  });
});
