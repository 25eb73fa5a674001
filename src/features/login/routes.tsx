import type { RouteObject } from '../../shared/routing/router';
import { lazyPage } from '../../shared/routing/lazy';

/** The login pages (spec §2): no sign-in needed, rendered outside the signed-in app layout. */
export const loginRoutes: RouteObject[] = [
  { path: 'login', lazy: lazyPage(() => import('./pages/LoginPage'), 'LoginPage') },
  {
    path: 'login/certificate-generate',
    lazy: lazyPage(() => import('./pages/CertificateGeneratePage'), 'CertificateGeneratePage'),
  },
  {
    path: 'login/certificate-add',
    lazy: lazyPage(() => import('./pages/CertificateAddPage'), 'CertificateAddPage'),
  },
];
