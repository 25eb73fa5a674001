import { describe, expect, it } from 'vitest';
import {
  PROJECT_SEARCH_THRESHOLD,
  filterProjects,
  instanceCount,
  isAllProjectsPath,
  projectFromPath,
  projectSection,
  selectProjectTitle,
} from './navigation';

describe('project switch keeps the current section', () => {
  it.each([
    ['/project/a/instances', 'instances'],
    ['/project/a/instance/c1/snapshots', 'instances'],
    ['/project/a/instances/create', 'instances'],
    ['/project/a/profiles', 'profiles'],
    ['/project/a/profile/default', 'profiles'],
    ['/project/a/networks', 'networks'],
    ['/project/a/network/br0/forwards/create', 'networks'],
    ['/project/a/member/m1/network/br0', 'networks'],
    ['/project/a/network-acls', 'network-acls'],
    ['/project/a/network-acl/web', 'network-acls'],
    ['/project/a/network-ipam', 'network-ipam'],
    ['/project/a/storage/pools', 'storage/pools'],
    ['/project/a/storage/volumes/create', 'storage/volumes'],
    ['/project/a/storage/custom-isos', 'storage/custom-isos'],
    ['/project/a/storage/pool/default', 'storage/pools'],
    ['/project/a/storage/pool/default/volumes/custom/v1', 'storage/volumes'],
    ['/project/a/storage/pool/default/member/m1/volumes/custom/v1', 'storage/volumes'],
    ['/project/a/storage/pool/default/bucket/b1', 'storage/buckets'],
    ['/project/a/images', 'images'],
    ['/project/a/configuration/limits', 'configuration'],
    ['/project/a', 'instances'],
    ['/all-projects/instances', 'instances'],
    ['/operations', 'instances'],
  ])('%s → %s', (path, section) => {
    expect(projectSection(path)).toBe(section);
  });
});

describe('navigation helpers', () => {
  it('recognises the all-projects view and the current project', () => {
    expect(isAllProjectsPath('/all-projects/instances')).toBe(true);
    expect(isAllProjectsPath('/project/default/instances')).toBe(false);
    expect(projectFromPath('/project/my%20p/instances')).toBe('my p');
    expect(projectFromPath('/operations')).toBeUndefined();
  });

  it('titles disabled links in the all-projects view', () => {
    expect(selectProjectTitle('profiles')).toBe('Select a project to explore profiles');
  });

  it('shows the search box above 5 projects', () => {
    expect(PROJECT_SEARCH_THRESHOLD).toBe(5);
  });

  it('filters projects on name or description', () => {
    const projects = [
      { name: 'default', description: 'Default LXD project' },
      { name: 'lab', description: 'Experiments' },
    ];
    expect(filterProjects(projects, 'LAB').map((p) => p.name)).toEqual(['lab']);
    expect(filterProjects(projects, 'experi').map((p) => p.name)).toEqual(['lab']);
    expect(filterProjects(projects, '')).toHaveLength(2);
  });

  it('counts instances from used_by', () => {
    expect(
      instanceCount({
        used_by: ['/1.0/instances/a', '/1.0/instances/b?project=p', '/1.0/profiles/default'],
      }),
    ).toBe(2);
    expect(instanceCount({})).toBe(0);
  });
});
