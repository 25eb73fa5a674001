import { describe, expect, it } from 'vitest';
import { paths, uiUrl } from './paths';

describe('path builders (spec §2 routes)', () => {
  it('build project-scoped routes', () => {
    expect(paths.instances('default')).toBe('/project/default/instances');
    expect(paths.instanceCreate('p 1')).toBe('/project/p%201/instances/create');
    expect(paths.instance('default', 'c1')).toBe('/project/default/instance/c1');
    expect(paths.instance('default', 'c1', 'configuration', 'security')).toBe(
      '/project/default/instance/c1/configuration/security',
    );
    expect(paths.profile('default', 'web', 'configuration')).toBe(
      '/project/default/profile/web/configuration',
    );
    expect(paths.memberNetwork('default', 'm1', 'br0')).toBe(
      '/project/default/member/m1/network/br0',
    );
    expect(paths.networkForwardEdit('default', 'br0', '10.0.0.1', 'm1')).toBe(
      '/project/default/network/br0/member/m1/forwards/10.0.0.1/edit',
    );
    expect(paths.storageVolume('default', 'pool', 'custom', 'v1', { member: 'm1' })).toBe(
      '/project/default/storage/pool/pool/member/m1/volumes/custom/v1',
    );
    expect(paths.storageBucket('default', 'pool', 'b1')).toBe(
      '/project/default/storage/pool/pool/bucket/b1',
    );
    expect(paths.projectConfiguration('default')).toBe('/project/default/configuration');
  });

  it('build global routes', () => {
    expect(paths.allProjectsInstances()).toBe('/all-projects/instances');
    expect(paths.permissionsIdentities()).toBe('/permissions/identities?system-identities=hide');
    expect(paths.clusterMember('node1', 'overview')).toBe('/cluster/member/node1/overview');
    expect(uiUrl(paths.operations())).toBe('/ui/operations');
  });
});
