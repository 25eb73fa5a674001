import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import { instanceRoutes } from '../features/instances';
import { paths } from '../shared/routing/paths';
import { AppLayout } from './shell/AppLayout';

/** The base every route lives under (spec §2). */
export const UI_BASENAME = '/ui';

export const appRoutes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { index: true, element: <Navigate to={paths.instances('default')} replace /> },
      ...instanceRoutes,
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(appRoutes, { basename: UI_BASENAME });
}
