import { remotePath } from '../../lxd/remote';

/** The login routes, relative to the router's basename (spec §2). */
export const loginPaths = {
  login: () => '/login',
  generate: () => '/login/certificate-generate',
  add: () => '/login/certificate-add',
  /** OIDC sign-in is served by LXD itself (the page's remote), outside the SPA. */
  sso: () => remotePath('/oidc/login'),
};
