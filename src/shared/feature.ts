/**
 * What a feature gives the app: its routes, its side navigation entries, what lifecycle events
 * make its data stale. Each feature's index.ts exports one FeatureModule; src/app/features.ts
 * lists them, and the shell (router, side navigation, event stream) is built from that list.
 */
import type { AuthState } from './auth/context';
import type { BulkExecutors } from './bulk-queue/queue';
import type { EventInvalidation } from './events';
import type { PaletteOption } from './palette/CommandPalette';
import type { RouteObject } from './routing/router';

export interface NavEntry {
  /** Names the entry; the routes it is current on carry it as `handle.nav` (see navRoutes). */
  id: string;
  label: string;
  /** Project entries lead into the current project; global ones are outside projects. */
  scope: 'project' | 'global';
  /** The entry's place in its scope: entries are listed by it, groups where their first entry is. */
  order: number;
  /** Entries of a group are listed under its heading ("Networking", "Storage"). */
  group?: string;
  /** The entry's address (through the path builders); `project` is '' for global entries. */
  to: (project: string) => string;
  /** Where it leads in the all-projects view; without it a project entry is disabled there. */
  allProjectsTo?: () => string;
  /** Whether the signed-in server and identity have the screen (an extension, a role). */
  shown?: (auth: AuthState) => boolean;
}

/** A kind of resource the command palette finds by name in the current project. */
export interface PaletteSource {
  /** The group's heading ("Instances"); groups are listed by `order`. */
  group: string;
  order: number;
  /**
   * The project's resources as options leading to their pages (`to`). A hook, called while the
   * palette is open: use the feature's own query options, so cached lists are used as they are.
   */
  useOptions: (project: string) => { options: readonly PaletteOption[]; loading: boolean };
}

export interface FeatureModule {
  /** Pages that need no sign-in. */
  publicRoutes?: readonly RouteObject[];
  /** Routes under /ui/project/{project}/ (the project is checked first). */
  projectRoutes?: readonly RouteObject[];
  /** Signed-in routes outside a project. */
  globalRoutes?: readonly RouteObject[];
  nav?: readonly NavEntry[];
  /** What lifecycle events make the feature's data stale. */
  invalidations?: readonly EventInvalidation[];
  /**
   * What runs the items of the bulk queue, by kind ('instance.state', …): plain-data items that
   * survive a reload and can be retried (see src/shared/bulk-queue).
   */
  bulkExecutors?: BulkExecutors;
  /**
   * What the command palette finds of the feature's resources (see PaletteSource), loaded when
   * the palette first opens: `() => import('./palette').then((m) => m.sources)`.
   */
  palette?: () => Promise<readonly PaletteSource[]>;
}

/** Marks routes (and the routes below them) as belonging to a navigation entry. */
export function navRoutes(nav: string, routes: readonly RouteObject[]): RouteObject[] {
  return routes.map((route) => ({
    ...route,
    handle: { ...route.handle, nav },
    ...(route.children ? { children: navRoutes(nav, route.children) } : {}),
  }));
}

/** The navigation entry of the matched routes: the innermost route that names one. */
export function currentNavId(matches: readonly { route: RouteObject }[]): string | undefined {
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const nav = matches[i]?.route.handle?.nav;
    if (nav !== undefined) return nav;
  }
  return undefined;
}

/**
 * The entry a switch to another project or remote keeps: the current screen's entry when its
 * scope is one of `scopes`, else the instances.
 */
export function keptNavEntry(
  entries: readonly NavEntry[],
  currentId: string | undefined,
  scopes: readonly NavEntry['scope'][],
): NavEntry | undefined {
  return (
    entries.find((entry) => entry.id === currentId && scopes.includes(entry.scope)) ??
    entries.find((entry) => entry.id === 'instances')
  );
}
