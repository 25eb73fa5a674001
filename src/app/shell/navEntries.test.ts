import { describe, expect, it } from 'vitest';
import { currentNavId } from '../../shared/feature';
import { matchRoutes, type RouteObject } from '../../shared/routing/match';
import { navEntries } from '../features';
import { appRoutes } from '../router';

/** The navigation entry the route table gives a path, as the side navigation finds it. */
function entryOf(path: string) {
  const matches = matchRoutes(appRoutes, path) ?? [];
  const id = currentNavId(matches);
  return navEntries.find((entry) => entry.id === id);
}

/** Every route with a path, with the path of its parents. */
function allPaths(routes: readonly RouteObject[], prefix = ''): string[] {
  return routes.flatMap((route) => {
    const path = route.path ? `${prefix}/${route.path}` : prefix;
    const own = route.path && !route.children ? [path] : [];
    return [...own, ...allPaths(route.children ?? [], path)];
  });
}

describe('the side navigation’s current entry, from the route table', () => {
  it.each([
    ['/project/a/instances', '/project/b/instances'],
    ['/project/a/instance/c1/snapshots', '/project/b/instances'],
    ['/project/a/instances/create', '/project/b/instances'],
    ['/project/a/profiles', '/project/b/profiles'],
    ['/project/a/profile/default', '/project/b/profiles'],
    ['/project/a/networks', '/project/b/networks'],
    ['/project/a/network/br0/forwards/create', '/project/b/networks'],
    ['/project/a/member/m1/network/br0', '/project/b/networks'],
    ['/project/a/network-acls', '/project/b/network-acls'],
    ['/project/a/network-acl/web', '/project/b/network-acls'],
    ['/project/a/network-acl/web/used-by', '/project/b/network-acls'],
    ['/project/a/network-ipam', '/project/b/network-ipam'],
    ['/project/a/storage/pools', '/project/b/storage/pools'],
    ['/project/a/storage/volumes/create', '/project/b/storage/volumes'],
    ['/project/a/storage/custom-isos', '/project/b/storage/custom-isos'],
    ['/project/a/storage/pool/default', '/project/b/storage/pools'],
    ['/project/a/storage/pool/default/configuration', '/project/b/storage/pools'],
    ['/project/a/storage/pool/default/volumes/custom/v1', '/project/b/storage/volumes'],
    ['/project/a/storage/pool/default/member/m1/volumes/custom/v1', '/project/b/storage/volumes'],
    ['/project/a/storage/pool/default/bucket/b1', '/project/b/storage/buckets'],
    ['/project/a/storage/pool/default/bucket/b1/keys', '/project/b/storage/buckets'],
    ['/project/a/images', '/project/b/images'],
    ['/project/a/configuration/limits', '/project/b/configuration'],
    ['/project/a/usage', '/project/b/usage'],
  ])('%s keeps its section in another project: %s', (path, other) => {
    expect(entryOf(path)?.to('b')).toBe(other);
  });

  it.each([
    ['/all-projects/instances', 'instances'],
    ['/cluster/member/m1/hardware', 'cluster-members'],
    ['/server/clustering', 'server'],
    ['/permissions/group/admins', 'permission-groups'],
    ['/permissions/certificates', 'permission-certificates'],
    ['/operations', 'operations'],
  ])('%s is under %s', (path, id) => {
    expect(entryOf(path)?.id).toBe(id);
  });

  it('names an entry for every signed-in screen', () => {
    const withoutEntry = allPaths(appRoutes)
      .filter((path) => !path.includes('*'))
      .filter((path) => entryOf(path.replace(/:(\w+)\??/g, 'x')) === undefined);
    expect(withoutEntry).toEqual([
      '/login',
      '/login/certificate-generate',
      '/login/certificate-add',
      '/project',
      // Reached from the remote switcher, which is there only where there are several remotes.
      '/fleet',
      '/permissions',
      '/projects/create',
    ]);
  });
});
