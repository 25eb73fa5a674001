import { setCurrentRemote } from '../lxd/remote';
import { pageBaseOf } from '../shared/routing/base';
import { createBrowserRouter, type RouteObject } from '../shared/routing/router';
import { globalRoutes, projectRoutes, publicRoutes } from './features';
import { AppLayout } from './shell/AppLayout';
import { AuthGate } from './shell/AuthGate';
import { NotFoundScreen } from './shell/errors/ErrorScreens';
import { RouteError } from './shell/errors/RouteError';
import { ProjectGuard, ProjectIndexRedirect, RootRedirect } from './shell/Redirects';

export const appRoutes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    children: [
      // Login pages need no sign-in.
      ...publicRoutes,
      {
        element: <AuthGate />,
        children: [
          {
            element: <AppLayout />,
            children: [
              {
                // Errors of a screen show inside the frame, with the navigation still there.
                errorElement: <RouteError />,
                children: [
                  { index: true, element: <RootRedirect /> },
                  { path: 'project', element: <RootRedirect /> },
                  {
                    path: 'project/:project',
                    element: <ProjectGuard />,
                    children: [
                      { index: true, element: <ProjectIndexRedirect /> },
                      ...projectRoutes,
                    ],
                  },
                  ...globalRoutes,
                  { path: '*', element: <NotFoundScreen /> },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
];

/**
 * The page's router. An address under `/ui/remote/{name}` is remote {name}: the router's
 * basename is `/ui/remote/{name}` and every request of the page goes to that remote
 * (src/lxd/remote.ts); anything else is the default remote under `/ui`.
 */
export function createAppRouter(pathname: string = window.location.pathname) {
  const { remote, basename } = pageBaseOf(pathname);
  setCurrentRemote(remote);
  return createBrowserRouter(appRoutes, { basename });
}
