import { Navigate, type RouteObject } from '../../shared/routing/router';
import { importWithRetry } from '../../shared/routing/lazy';
import { AccessManagementOnly } from './AccessManagementOnly';

const groupForm = async () => {
  const { GroupFormPage } = await importWithRetry(() => import('./groups/pages/GroupFormPage'));
  return { Component: GroupFormPage };
};

/**
 * /ui/permissions/* (spec §2). Identities, groups and IdP groups need the server's access
 * management (`access_management`); without it (LXD 5.0, Incus) they lead to the certificates
 * view, which is where a server without access management keeps its trust.
 */
export const permissionsRoutes: RouteObject[] = [
  { path: 'permissions', element: <Navigate to="/permissions/identities" replace /> },
  {
    element: <AccessManagementOnly />,
    children: [
      {
        path: 'permissions/identities',
        lazy: async () => {
          const { IdentityListPage } = await importWithRetry(
            () => import('./identities/pages/IdentityListPage'),
          );
          return { Component: IdentityListPage };
        },
      },
      {
        path: 'permissions/groups',
        lazy: async () => {
          const { GroupListPage } = await importWithRetry(
            () => import('./groups/pages/GroupListPage'),
          );
          return { Component: GroupListPage };
        },
      },
      { path: 'permissions/groups/create', lazy: groupForm },
      { path: 'permissions/group/:name', lazy: groupForm },
      {
        path: 'permissions/idp-groups',
        lazy: async () => {
          const { IdpGroupListPage } = await importWithRetry(
            () => import('./idp-groups/pages/IdpGroupListPage'),
          );
          return { Component: IdpGroupListPage };
        },
      },
    ],
  },
  {
    path: 'permissions/certificates',
    lazy: async () => {
      const { CertificateListPage } = await importWithRetry(
        () => import('./certificates/pages/CertificateListPage'),
      );
      return { Component: CertificateListPage };
    },
  },
];
