/** The login routes, relative to the router's /ui basename (spec §2). */
export const loginPaths = {
  login: () => '/login',
  generate: () => '/login/certificate-generate',
  add: () => '/login/certificate-add',
  /** OIDC sign-in is served by LXD itself, outside the SPA. */
  sso: () => '/oidc/login',
};
