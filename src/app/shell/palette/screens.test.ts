import { describe, expect, it } from 'vitest';
import type { NavEntry } from '../../../shared/feature';
import { testAuth } from '../../../testing/render';
import { navEntries } from '../../features';
import { screenOptions } from './screens';

const entries: NavEntry[] = [
  {
    id: 'instances',
    label: 'Instances',
    scope: 'project',
    order: 1,
    to: (p) => `/project/${p}/instances`,
    allProjectsTo: () => '/all-projects/instances',
  },
  {
    id: 'profiles',
    label: 'Profiles',
    scope: 'project',
    order: 2,
    to: (p) => `/project/${p}/profiles`,
  },
  { id: 'settings', label: 'Settings', scope: 'global', order: 3, to: () => '/settings' },
  {
    id: 'cluster',
    label: 'Members',
    group: 'Cluster',
    scope: 'global',
    order: 4,
    to: () => '/cluster/members',
    shown: (auth) => auth.isClustered,
  },
];

describe('screenOptions', () => {
  it('offers the entries this identity is shown, where the side navigation leads', () => {
    const auth = testAuth({ isClustered: false });
    expect(screenOptions(entries, auth, 'dev').map((o) => [o.label, o.to])).toEqual([
      ['Instances', '/project/dev/instances'],
      ['Profiles', '/project/dev/profiles'],
      ['Settings', '/settings'],
    ]);
    expect(
      screenOptions(entries, testAuth({ isClustered: true }), 'dev').map((o) => o.label),
    ).toContain('Members');
  });

  it('leaves out project entries without an all-projects address in the all-projects view', () => {
    expect(screenOptions(entries, testAuth(), undefined).map((o) => o.to)).toEqual([
      '/all-projects/instances',
      '/settings',
    ]);
  });

  it('comes from the features’ navigation entries', () => {
    const labels = screenOptions(navEntries, testAuth(), 'default').map((o) => o.label);
    expect(labels).toEqual(expect.arrayContaining(['Instances', 'Profiles', 'Networks', 'Images']));
  });
});
