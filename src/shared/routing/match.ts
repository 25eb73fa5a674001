/**
 * Route matching and path resolution for the console's router (no React here).
 *
 * Routes are a tree; a branch is every route from the root to one route with a path or an index
 * flag. Branches are ranked (static segments before dynamic ones before splats, an index route
 * before its layout) and the first branch whose pattern matches the whole pathname wins.
 */
import type { ComponentType, ReactNode } from 'react';

export type Params = Record<string, string | undefined>;

export interface LazyRoute {
  Component?: ComponentType | null;
  element?: ReactNode;
}

export interface RouteObject {
  path?: string;
  index?: boolean;
  element?: ReactNode;
  Component?: ComponentType | null;
  /** Shown instead of this route and below when one of them fails (useRouteError). */
  errorElement?: ReactNode;
  children?: RouteObject[];
  /** Loads the route's component before the route is shown; the old screen stays meanwhile. */
  lazy?: () => Promise<LazyRoute>;
  /** Called when the route is entered or its params change (used to start requests early). */
  loader?: (args: { params: Params }) => unknown;
  /** Accepted for compatibility: loaders never run again while a route stays matched. */
  shouldRevalidate?: () => boolean;
  /** What the app reads of the matched routes (useMatches): the navigation entry they belong to. */
  handle?: RouteHandle;
}

export interface RouteHandle {
  /** The id of the side navigation entry that is current on this route and below it. */
  nav?: string;
}

export interface RouteMatch {
  route: RouteObject;
  params: Params;
}

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
  key: string;
}

interface Branch {
  segments: string[];
  score: number;
  routes: RouteObject[];
}

const SPLAT = '*';
const isParam = (segment: string) => segment.startsWith(':');

function splitPath(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}

/** `a/:b?/:c?` → `a`, `a/:b`, `a/:b/:c`. */
export function explodeOptional(segments: readonly string[]): string[][] {
  const first = segments.findIndex((segment) => segment.endsWith('?'));
  if (first === -1) return [[...segments]];
  const required = segments.slice(0, first);
  const rest = segments.slice(first);
  const variants: string[][] = [required];
  for (let i = 1; i <= rest.length; i += 1) {
    variants.push([...required, ...rest.slice(0, i).map((segment) => segment.replace(/\?$/, ''))]);
  }
  return variants;
}

/** Static 10, dynamic 3, one per segment, an index +2, a splat −2 (the usual ranking). */
export function scorePath(segments: readonly string[], index: boolean): number {
  let score = segments.length + (index ? 2 : 0);
  for (const segment of segments) {
    if (segment === SPLAT) score -= 2;
    else score += isParam(segment) ? 3 : 10;
  }
  return score;
}

function flatten(
  routes: readonly RouteObject[],
  branches: Branch[],
  parentSegments: string[],
  parentRoutes: RouteObject[],
): void {
  for (const route of routes) {
    const own = splitPath(route.path ?? '');
    const chain = [...parentRoutes, route];
    for (const variant of explodeOptional(own)) {
      const segments = [...parentSegments, ...variant];
      if (route.children?.length) flatten(route.children, branches, segments, chain);
      if (route.path === undefined && !route.index) continue;
      branches.push({ segments, score: scorePath(segments, route.index === true), routes: chain });
    }
  }
}

const rankedCache = new WeakMap<readonly RouteObject[], Branch[]>();

function rankedBranches(routes: readonly RouteObject[]): Branch[] {
  let branches = rankedCache.get(routes);
  if (!branches) {
    branches = [];
    flatten(routes, branches, [], []);
    // Array.prototype.sort is stable: equal scores keep the route table's order.
    branches.sort((a, b) => b.score - a.score);
    rankedCache.set(routes, branches);
  }
  return branches;
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function matchSegments(pattern: readonly string[], actual: readonly string[]): Params | null {
  const params: Params = {};
  for (let i = 0; i < pattern.length; i += 1) {
    const expected = pattern[i] ?? '';
    if (expected === SPLAT) {
      params[SPLAT] = actual.slice(i).map(decode).join('/');
      return params;
    }
    const segment = actual[i];
    if (segment === undefined) return null;
    if (isParam(expected)) params[expected.slice(1)] = decode(segment);
    else if (decode(segment).toLowerCase() !== expected.toLowerCase()) return null;
  }
  return pattern.length === actual.length ? params : null;
}

/** The routes from the root to the best match of `pathname`, or null when nothing matches. */
export function matchRoutes(routes: readonly RouteObject[], pathname: string): RouteMatch[] | null {
  const actual = splitPath(pathname);
  for (const branch of rankedBranches(routes)) {
    const params = matchSegments(branch.segments, actual);
    if (params) return branch.routes.map((route) => ({ route, params }));
  }
  return null;
}

export interface Path {
  pathname: string;
  search: string;
  hash: string;
}

export function parsePath(path: string): Path {
  const hashAt = path.indexOf('#');
  const hash = hashAt === -1 ? '' : path.slice(hashAt);
  const beforeHash = hashAt === -1 ? path : path.slice(0, hashAt);
  const searchAt = beforeHash.indexOf('?');
  return {
    pathname: searchAt === -1 ? beforeHash : beforeHash.slice(0, searchAt),
    search: searchAt === -1 ? '' : beforeHash.slice(searchAt),
    hash,
  };
}

export function createPath({ pathname, search, hash }: Path): string {
  const query = search && search !== '?' ? (search.startsWith('?') ? search : `?${search}`) : '';
  const fragment = hash && hash !== '#' ? (hash.startsWith('#') ? hash : `#${hash}`) : '';
  return `${pathname}${query}${fragment}`;
}

/**
 * Where a link goes from `from`: absolute paths as they are, `?…` and `#…` on the current page,
 * anything else relative to the current path (`..` goes up one segment).
 */
export function resolveTo(to: string, from: Path): Path {
  const target = parsePath(to);
  if (target.pathname === '') {
    return {
      pathname: from.pathname,
      search: target.search || (target.hash ? from.search : ''),
      hash: target.hash,
    };
  }
  if (target.pathname.startsWith('/')) return target;
  const segments = splitPath(from.pathname);
  for (const part of target.pathname.split('/')) {
    if (part === '..') segments.pop();
    else if (part !== '.' && part !== '') segments.push(part);
  }
  return { ...target, pathname: `/${segments.join('/')}` };
}

/** The pathname inside the app, or null when `pathname` is outside the basename. */
export function stripBasename(pathname: string, basename: string): string | null {
  if (basename === '' || basename === '/') return pathname || '/';
  const lower = pathname.toLowerCase();
  const base = basename.toLowerCase().replace(/\/$/, '');
  if (lower !== base && !lower.startsWith(`${base}/`)) return null;
  return pathname.slice(base.length) || '/';
}

export function joinBasename(basename: string, pathname: string): string {
  const base = basename === '/' ? '' : basename.replace(/\/$/, '');
  return `${base}${pathname}`;
}
