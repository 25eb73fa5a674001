import { describe, expect, it } from 'vitest';
import {
  PROJECT_SEARCH_THRESHOLD,
  filterProjects,
  instanceCount,
  isAllProjectsPath,
  projectFromPath,
  selectProjectTitle,
} from './navigation';

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
