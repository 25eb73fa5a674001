/** Page-test helpers of the access screens: a signed-in admin on a server with access management. */
import type { FakeAuthRequest } from '../../lxd/testing/fake-auth';
import type { LxdIdentity } from '../../lxd/types/identity';
import type { AuthState } from '../../shared/auth/context';
import { testAuth, testServer } from '../../testing/render';

export const ACCESS_EXTENSIONS = [
  'access_management',
  'access_management_tls',
  'entities_with_entitlements',
];

/** The signed-in identity of the page tests. */
export const ME: LxdIdentity = {
  id: 'aa11bb22',
  name: 'admin-laptop',
  authentication_method: 'tls',
  type: 'Client certificate (unrestricted)',
  groups: [],
};

export function accessAuth(over: Partial<AuthState> = {}): AuthState {
  return testAuth({
    server: testServer({
      api_extensions: ACCESS_EXTENSIONS,
      environment: { server_version: '6.5', server_clustered: false, server_name: 'lxd1' },
    }),
    identity: ME,
    projects: [
      { name: 'default', description: '', config: {} },
      { name: 'team', description: '', config: {} },
    ],
    ...over,
  });
}

/** A call the page-test fetch stub saw, as the fake auth server takes it. */
export const authRequest = (call: {
  method: string;
  url: string;
  body: unknown;
  headers: Headers;
}): FakeAuthRequest => ({
  method: call.method,
  url: call.url,
  body: call.body,
  ifMatch: call.headers.get('If-Match'),
});
