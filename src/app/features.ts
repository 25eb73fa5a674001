/**
 * The list of features: each area's routes, registered as the area lands (no placeholder
 * pages). Add one import and one spread per feature; keep the lists sorted by area.
 */
import type { RouteObject } from 'react-router';
import { clusterRoutes } from '../features/cluster';
import { imageProjectRoutes } from '../features/images';
import { instanceGlobalRoutes, instanceProjectRoutes } from '../features/instances';
import { loginRoutes } from '../features/login';
import { operationRoutes } from '../features/operations';
import { profileProjectRoutes } from '../features/profiles';
import { projectGlobalRoutes, projectProjectRoutes } from '../features/projects';
import { serverRoutes } from '../features/server';
import { settingsRoutes } from '../features/settings';
import { warningRoutes } from '../features/warnings';

/** Pages that need no sign-in. */
export const publicRoutes: RouteObject[] = [...loginRoutes];

/** Routes under /ui/project/{project}/ (the project is checked first). */
export const projectRoutes: RouteObject[] = [
  ...imageProjectRoutes,
  ...instanceProjectRoutes,
  ...profileProjectRoutes,
  ...projectProjectRoutes,
];

/** Signed-in routes outside a project. */
export const globalRoutes: RouteObject[] = [
  ...clusterRoutes,
  ...instanceGlobalRoutes,
  ...operationRoutes,
  ...projectGlobalRoutes,
  ...serverRoutes,
  ...settingsRoutes,
  ...warningRoutes,
];
