import { navRoutes } from '../../shared/feature';
import { lazyPage } from '../../shared/routing/lazy';
import { Navigate, type RouteObject } from '../../shared/routing/router';
import { AccessManagementOnly, PermissionsGate } from './AccessManagementOnly';

const groupForm = lazyPage(() => import('./groups/pages/GroupFormPage'), 'GroupFormPage');

/**
 * /ui/permissions/* (spec §2). Identities, groups and IdP groups need the server's access
 * management (`access_management`); without it (LXD 5.0, Incus) they lead to the certificates
 * view, which is where a server without access management keeps its trust. A fine-grained
 * identity without can_view_permissions is told it may not see them.
 */
export const permissionsRoutes: RouteObject[] = [
  { path: 'permissions', element: <Navigate to="/permissions/identities" replace /> },
  {
    // Spec §6: a fine-grained identity needs can_view_permissions to see any of them.
    element: <PermissionsGate />,
    children: [
      {
        element: <AccessManagementOnly />,
        children: [
          ...navRoutes('permission-identities', [
            {
              path: 'permissions/identities',
              lazy: lazyPage(
                () => import('./identities/pages/IdentityListPage'),
                'IdentityListPage',
              ),
            },
          ]),
          ...navRoutes('permission-groups', [
            {
              path: 'permissions/groups',
              lazy: lazyPage(() => import('./groups/pages/GroupListPage'), 'GroupListPage'),
            },
            { path: 'permissions/groups/create', lazy: groupForm },
            { path: 'permissions/group/:name', lazy: groupForm },
          ]),
          ...navRoutes('permission-idp-groups', [
            {
              path: 'permissions/idp-groups',
              lazy: lazyPage(
                () => import('./idp-groups/pages/IdpGroupListPage'),
                'IdpGroupListPage',
              ),
            },
          ]),
        ],
      },
      ...navRoutes('permission-certificates', [
        {
          path: 'permissions/certificates',
          lazy: lazyPage(
            () => import('./certificates/pages/CertificateListPage'),
            'CertificateListPage',
          ),
        },
      ]),
    ],
  },
];
