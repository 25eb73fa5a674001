/**
 * The list of features: each area's routes, registered as the area lands (no placeholder
 * pages). Add one import and one spread per feature; keep the lists sorted by area.
 */
import type { RouteObject } from 'react-router';
import { instanceGlobalRoutes, instanceProjectRoutes } from '../features/instances';
import { loginRoutes } from '../features/login';

/** Pages that need no sign-in. */
export const publicRoutes: RouteObject[] = [...loginRoutes];

/** Routes under /ui/project/{project}/ (the project is checked first). */
export const projectRoutes: RouteObject[] = [...instanceProjectRoutes];

/** Signed-in routes outside a project. */
export const globalRoutes: RouteObject[] = [...instanceGlobalRoutes];
