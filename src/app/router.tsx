import { createBrowserRouter, type RouteObject } from '../shared/routing/router';
import { globalRoutes, projectRoutes, publicRoutes } from './features';
import { AppLayout } from './shell/AppLayout';
import { AuthGate } from './shell/AuthGate';
import { NotFoundScreen } from './shell/errors/ErrorScreens';
import { RouteError } from './shell/errors/RouteError';
import { ProjectGuard, ProjectIndexRedirect, RootRedirect } from './shell/Redirects';

/** The base every route lives under (spec §2). */
export const UI_BASENAME = '/ui';

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

export function createAppRouter() {
  return createBrowserRouter(appRoutes, { basename: UI_BASENAME });
}
