/**
 * The features of the console: the one list a feature is registered in. Each feature's index.ts
 * exports its FeatureModule (routes, navigation entries, what events make its data stale); the
 * router, the side navigation and the event stream are built from this list. Keep it sorted.
 */
import type { BulkExecutors } from '../shared/bulk-queue';
import type { FeatureModule, NavEntry, PaletteSource } from '../shared/feature';
import type { EventInvalidation } from '../shared/events';
import type { RouteObject } from '../shared/routing/router';
import { activityFeature } from '../features/activity';
import { clusterFeature } from '../features/cluster';
import { fleetFeature } from '../features/fleet';
import { imagesFeature } from '../features/images';
import { instancesFeature } from '../features/instances';
import { loginFeature } from '../features/login';
import { networkingFeature } from '../features/networking';
import { operationsFeature } from '../features/operations';
import { overviewFeature } from '../features/overview';
import { permissionsFeature } from '../features/permissions';
import { profilesFeature } from '../features/profiles';
import { projectsFeature } from '../features/projects';
import { serverFeature } from '../features/server';
import { settingsFeature } from '../features/settings';
import { storageFeature } from '../features/storage';
import { warningsFeature } from '../features/warnings';

export const FEATURES: readonly FeatureModule[] = [
  activityFeature,
  clusterFeature,
  fleetFeature,
  imagesFeature,
  instancesFeature,
  loginFeature,
  networkingFeature,
  operationsFeature,
  overviewFeature,
  permissionsFeature,
  profilesFeature,
  projectsFeature,
  serverFeature,
  settingsFeature,
  storageFeature,
  warningsFeature,
];

const collect = <T>(part: (feature: FeatureModule) => readonly T[] | undefined): T[] =>
  FEATURES.flatMap((feature) => part(feature) ?? []);

/** Pages that need no sign-in. */
export const publicRoutes: RouteObject[] = collect((feature) => feature.publicRoutes);

/** Routes under /ui/project/{project}/ (the project is checked first). */
export const projectRoutes: RouteObject[] = collect((feature) => feature.projectRoutes);

/** Signed-in routes outside a project. */
export const globalRoutes: RouteObject[] = collect((feature) => feature.globalRoutes);

/** The side navigation's entries, in their order. */
export const navEntries: readonly NavEntry[] = collect((feature) => feature.nav).sort(
  (a, b) => a.order - b.order,
);

/** What each lifecycle event makes stale (spec §7). */
export const eventInvalidations: readonly EventInvalidation[] = collect(
  (feature) => feature.invalidations,
);

/** The bulk queue's executors by kind, every feature's (a kind registered twice is an error). */
export const bulkExecutors: BulkExecutors = FEATURES.reduce<Record<string, BulkExecutors[string]>>(
  (all, feature) => {
    for (const [kind, executor] of Object.entries(feature.bulkExecutors ?? {})) {
      if (kind in all) throw new Error(`Two features run the bulk kind ${kind}`);
      all[kind] = executor;
    }
    return all;
  },
  {},
);

/** What the command palette finds by name, in its groups' order (loaded when it first opens). */
export async function loadPaletteSources(): Promise<readonly PaletteSource[]> {
  const loaded = await Promise.all(
    FEATURES.map((feature) => feature.palette?.() ?? Promise.resolve([])),
  );
  return loaded.flat().sort((a, b) => a.order - b.order);
}
