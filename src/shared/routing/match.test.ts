import { describe, expect, it } from 'vitest';
import {
  createPath,
  explodeOptional,
  matchRoutes,
  parsePath,
  resolveTo,
  scorePath,
  stripBasename,
  type RouteObject,
} from './match';

const leaf = (path: string): RouteObject => ({ path });

describe('matchRoutes', () => {
  const detail = leaf('instance/:name/:activeTab?/:section?');
  const create = leaf('instances/create');
  const list = leaf('instances');
  const index: RouteObject = { index: true };
  const project: RouteObject = {
    path: 'project/:project',
    children: [index, list, create, detail],
  };
  const notFound = leaf('*');
  const layout: RouteObject = { children: [project, leaf('login'), notFound] };
  const routes = [layout];

  const names = (pathname: string) =>
    matchRoutes(routes, pathname)?.map((match) => match.route) ?? null;

  it('walks from the root layout to the matched route', () => {
    expect(names('/project/default/instances')).toEqual([layout, project, list]);
  });

  it('prefers a static segment over a dynamic one', () => {
    const byName = leaf('instances/:name');
    const table = [{ children: [byName, create] }];
    expect(matchRoutes(table, '/instances/create')?.at(-1)?.route).toBe(create);
    expect(matchRoutes(table, '/instances/web')?.at(-1)?.route).toBe(byName);
  });

  it('prefers an index route over its layout', () => {
    expect(names('/project/default')).toEqual([layout, project, index]);
  });

  it('matches optional segments and leaves missing ones undefined', () => {
    const [, , match] = matchRoutes(routes, '/project/p1/instance/web/configuration') ?? [];
    expect(match?.route).toBe(detail);
    expect(match?.params).toEqual({ project: 'p1', name: 'web', activeTab: 'configuration' });
    expect(matchRoutes(routes, '/project/p1/instance/web')?.at(-1)?.params.section).toBeUndefined();
  });

  it('decodes each segment, keeping an encoded slash inside one parameter', () => {
    const params = matchRoutes(routes, '/project/my%20project/instance/a%2Fb')?.at(-1)?.params;
    expect(params).toMatchObject({ project: 'my project', name: 'a/b' });
  });

  it('ignores a trailing slash and the case of static segments', () => {
    expect(names('/Project/default/Instances/')).toEqual([layout, project, list]);
  });

  it('falls back to the splat route with the rest of the path', () => {
    const matches = matchRoutes(routes, '/nowhere/at/all');
    expect(matches?.at(-1)?.route).toBe(notFound);
    expect(matches?.at(-1)?.params['*']).toBe('nowhere/at/all');
  });

  it('answers null when nothing matches', () => {
    expect(matchRoutes([leaf('login')], '/other')).toBeNull();
  });

  it('does not match a layout without a path on its own', () => {
    expect(matchRoutes([{ children: [leaf('a')] }], '/')).toBeNull();
  });
});

describe('ranking helpers', () => {
  it('expands optional segments', () => {
    expect(explodeOptional(['a', ':b?', ':c?'])).toEqual([['a'], ['a', ':b'], ['a', ':b', ':c']]);
    expect(explodeOptional(['a'])).toEqual([['a']]);
  });

  it('scores static above dynamic above splat', () => {
    expect(scorePath(['a', 'b'], false)).toBeGreaterThan(scorePath(['a', ':b'], false));
    expect(scorePath(['a', ':b'], false)).toBeGreaterThan(scorePath(['a', '*'], false));
    expect(scorePath(['a'], true)).toBeGreaterThan(scorePath(['a'], false));
  });
});

describe('paths', () => {
  const here = { pathname: '/project/p/instance/web', search: '?a=1', hash: '#x' };

  it('parses and prints a path', () => {
    expect(parsePath('/a/b?x=1#h')).toEqual({ pathname: '/a/b', search: '?x=1', hash: '#h' });
    expect(createPath({ pathname: '/a', search: 'x=1', hash: '' })).toBe('/a?x=1');
    expect(createPath({ pathname: '/a', search: '?', hash: '#' })).toBe('/a');
  });

  it('resolves absolute, search-only, hash-only and relative targets', () => {
    expect(resolveTo('/images?x=1', here)).toEqual({
      pathname: '/images',
      search: '?x=1',
      hash: '',
    });
    expect(resolveTo('?path=%2Fetc', here)).toEqual({
      pathname: '/project/p/instance/web',
      search: '?path=%2Fetc',
      hash: '',
    });
    expect(resolveTo('#top', here)).toEqual({ ...here, hash: '#top' });
    expect(resolveTo('logs', here).pathname).toBe('/project/p/instance/web/logs');
    expect(resolveTo('../db', here).pathname).toBe('/project/p/instance/db');
  });

  it('strips the basename, or says the path is outside it', () => {
    expect(stripBasename('/ui/project/p', '/ui')).toBe('/project/p');
    expect(stripBasename('/ui', '/ui')).toBe('/');
    expect(stripBasename('/uix/a', '/ui')).toBeNull();
    expect(stripBasename('/a', '/')).toBe('/a');
  });
});
