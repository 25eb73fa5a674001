import type { RouteObject } from '../../shared/routing/router';
import { importWithRetry } from '../../shared/routing/lazy';

/** The login pages (spec §2): no sign-in needed, rendered outside the signed-in app layout. */
export const loginRoutes: RouteObject[] = [
  {
    path: 'login',
    lazy: async () => {
      const { LoginPage } = await importWithRetry(() => import('./pages/LoginPage'));
      return { Component: LoginPage };
    },
  },
  {
    path: 'login/certificate-generate',
    lazy: async () => {
      const { CertificateGeneratePage } = await importWithRetry(
        () => import('./pages/CertificateGeneratePage'),
      );
      return { Component: CertificateGeneratePage };
    },
  },
  {
    path: 'login/certificate-add',
    lazy: async () => {
      const { CertificateAddPage } = await importWithRetry(
        () => import('./pages/CertificateAddPage'),
      );
      return { Component: CertificateAddPage };
    },
  },
];
