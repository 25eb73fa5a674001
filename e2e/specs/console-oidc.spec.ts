/**
 * Single sign-on at the console server for a team: a real OpenID Provider (the npm package
 * oidc-provider, started here on loopback), the console server as a child process with
 * --oidc-*, an identities file that maps the provider group "ops" to an LXD certificate
 * restricted to one project, and the audit log. The browser signs in at the provider, lands on
 * the instance list as the mapped identity, makes a change that is audited under the claimed
 * user, and signs out.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { OIDC_CALLBACK_PATH } from '../../server/auth-oidc';
import { freePort, startTestProvider, type TestProvider } from '../../server/testing/oidc-provider';
import { expect, test } from '../fixtures';
import { LXD_URL, certs } from '../support/env';
import { LxdApi } from '../support/lxd-api';
import {
  Certificates,
  endedRequests,
  removeRestrictedIdentity,
  type AuditEntry,
  restrictedIdentity,
  startRemoteConsole,
  type RemoteConsole,
  type RestrictedSetup,
} from '../support/remote';

test.describe.configure({ mode: 'serial', timeout: 60_000 });

const id = `${Date.now().toString(36).slice(-4)}${Math.random().toString(36).slice(2, 5)}`;
const project = `lxco-${id}`;
const projectInstance = `lxco-p-${id}`;
const defaultInstance = `lxco-d-${id}`;
const restricted: RestrictedSetup = {
  project,
  certName: `lxco-ops-${id}`,
  projectInstance,
  defaultInstance,
};

let admin: LxdApi | undefined;
let provider: TestProvider | undefined;
let certificates: Certificates | undefined;
let server: RemoteConsole | undefined;
let auditLog = '';
let lxdOpsFingerprint = '';

function origin(): string {
  if (!server) throw new Error('the console server is not running');
  return server.origin;
}

function audited(): AuditEntry[] {
  return endedRequests(auditLog);
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const lxd = (admin = await LxdApi.open('admin'));
  certificates = new Certificates();
  const ops = certificates.selfSigned('lxd-ops', restricted.certName);
  lxdOpsFingerprint = await restrictedIdentity(lxd, ops, restricted);

  const port = await freePort();
  const redirectUrl = `http://127.0.0.1:${port}${OIDC_CALLBACK_PATH}`;
  provider = await startTestProvider({
    clientId: 'lxd-console',
    clientSecret: 'e2e-client-secret',
    redirectUrl,
    accounts: { dana: { email: 'dana@example.com', groups: ['staff', 'ops'] } },
  });
  const secret = path.join(certificates.dir, 'oidc-secret');
  writeFileSync(secret, 'e2e-client-secret\n', { mode: 0o600 });
  const identities = path.join(certificates.dir, 'identities.json');
  writeFileSync(
    identities,
    JSON.stringify({
      users: {},
      groups: { ops: { cert: ops.cert, key: ops.key } },
      default: 'deny',
    }),
  );
  auditLog = path.join(certificates.dir, 'audit.log');
  server = await startRemoteConsole([
    '--host',
    '127.0.0.1',
    '--port',
    String(port),
    '--oidc-issuer',
    provider.issuer,
    '--oidc-client-id',
    'lxd-console',
    '--oidc-client-secret',
    secret,
    '--oidc-redirect-url',
    redirectUrl,
    '--oidc-groups-claim',
    'groups',
    '--identities',
    identities,
    '--audit-log',
    auditLog,
    '--lxd-url',
    LXD_URL,
    '--lxd-cert',
    certs.admin.cert,
    '--lxd-key',
    certs.admin.key,
  ]);
});

test.afterAll(async () => {
  test.setTimeout(60_000);
  try {
    await server?.stop();
    await provider?.close();
    if (admin) {
      await removeRestrictedIdentity(admin, restricted, lxdOpsFingerprint);
      await admin.dispose();
    }
  } finally {
    certificates?.remove();
  }
});

test('a single sign-on lands on the instance list as the identity of the user’s provider group', async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: origin() });
  const page = await context.newPage();
  await page.goto(`/ui/project/${project}/instances`);
  await expect(page.getByRole('heading', { name: 'Sign in to the LXD console' })).toBeVisible();
  await page.getByRole('link', { name: 'Sign in with single sign-on' }).click();

  // The provider's own sign-in page (its development pages take any password).
  expect(new URL(page.url()).origin).toBe(provider?.issuer);
  await page.getByPlaceholder('Enter any login').fill('dana');
  await page.getByPlaceholder('and password').fill('anything');
  await page.getByRole('button', { name: 'Sign-in' }).click();

  // Back on the console, where the user was going, as the "ops" group's restricted identity.
  await expect(page.getByRole('link', { name: projectInstance, exact: true })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe(`/ui/project/${project}/instances`);
  const session = await page.request.get('/console/session');
  expect(await session.json()).toEqual({ user: 'dana@example.com', method: 'oidc' });
  const refused = await page.request.get('/1.0/instances?project=default');
  expect(refused.status()).toBe(403);

  // A change goes to LXD with that identity and is audited under the claimed user.
  await page.goto(`/ui/project/${project}/instance/${projectInstance}`);
  const actions = page.getByRole('group', { name: 'Instance actions' });
  await actions.getByRole('button', { name: 'Start' }).click();
  await expect(actions.getByRole('button', { name: 'Stop' })).toBeEnabled({ timeout: 30_000 });
  await expect
    .poll(async () => (await admin?.instance(projectInstance, project))?.status)
    .toBe('Running');
  expect(audited().find((entry) => entry.method === 'PUT')).toMatchObject({
    user: 'dana@example.com',
    path: `/1.0/instances/${projectInstance}/state?project=${project}`,
    status: 202,
  });

  // Signing out from the console's menu ends the session.
  await page.goto(`/ui/project/${project}/instances`);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in to the LXD console' })).toBeVisible();
  expect((await page.request.get('/1.0')).status()).toBe(401);
  await context.close();
});
