/**
 * The list of features: each area's routes, registered as the area lands (no placeholder
 * pages). Add one import and one spread per feature; keep the lists sorted by area. Routes are
 * imported from routes.tsx, not the feature's index, so the first screen loads no other screen.
 */
import type { RouteObject } from '../shared/routing/router';
import { clusterRoutes } from '../features/cluster/routes';
import { imageProjectRoutes } from '../features/images/routes';
import { instanceGlobalRoutes, instanceProjectRoutes } from '../features/instances/routes';
import { loginRoutes } from '../features/login/routes';
import { networkingProjectRoutes } from '../features/networking/routes';
import { operationRoutes } from '../features/operations/routes';
import { permissionsRoutes } from '../features/permissions/routes';
import { profileProjectRoutes } from '../features/profiles/routes';
import { projectGlobalRoutes, projectProjectRoutes } from '../features/projects/routes';
import { serverRoutes } from '../features/server/routes';
import { settingsRoutes } from '../features/settings/routes';
import { storageProjectRoutes } from '../features/storage/routes';
import { warningRoutes } from '../features/warnings/routes';

/** Pages that need no sign-in. */
export const publicRoutes: RouteObject[] = [...loginRoutes];

/** Routes under /ui/project/{project}/ (the project is checked first). */
export const projectRoutes: RouteObject[] = [
  ...imageProjectRoutes,
  ...instanceProjectRoutes,
  ...networkingProjectRoutes,
  ...profileProjectRoutes,
  ...projectProjectRoutes,
  ...storageProjectRoutes,
];

/** Signed-in routes outside a project. */
export const globalRoutes: RouteObject[] = [
  ...clusterRoutes,
  ...instanceGlobalRoutes,
  ...operationRoutes,
  ...permissionsRoutes,
  ...projectGlobalRoutes,
  ...serverRoutes,
  ...settingsRoutes,
  ...warningRoutes,
];
