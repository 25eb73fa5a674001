/**
 * The console server for a team, in remote mode on a non-loopback address of this machine that
 * the test makes (a veth pair into its own network namespace, 10.204.0.x): client certificates
 * signed by a CA the server trusts, per-user LXD identities (a user mapped to a restricted LXD
 * certificate sees only its project) and the audit log.
 */
import { X509Certificate } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { request, type APIRequestContext, type Browser } from '@playwright/test';
import { expect, test } from '../fixtures';
import { LXD_URL, certs } from '../support/env';
import { LxdApi } from '../support/lxd-api';
import {
  Certificates,
  createRemoteNet,
  endedRequests,
  type AuditEntry,
  removeRestrictedIdentity,
  restrictedIdentity,
  startRemoteConsole,
  type RestrictedSetup,
  type CertPair,
  type RemoteConsole,
  type RemoteNet,
} from '../support/remote';

test.describe.configure({ mode: 'serial', timeout: 45_000 });

const id = `${Date.now().toString(36).slice(-4)}${Math.random().toString(36).slice(2, 5)}`;
const project = `lxcr-${id}`;
const defaultInstance = `lxcr-d-${id}`;
const projectInstance = `lxcr-p-${id}`;
const uiProfile = `lxcr-ui-${id}`;
const refusedProfile = `lxcr-no-${id}`;
const carolProfile = `lxcr-fp-${id}`;
const restricted: RestrictedSetup = {
  project,
  certName: `lxcr-bob-${id}`,
  projectInstance,
  defaultInstance,
};

const NOT_AUTHENTICATED = {
  type: 'error',
  error: 'not authenticated to the console server',
  error_code: 401,
};

let admin: LxdApi | undefined;
let net: RemoteNet | undefined;
let certificates: Certificates | undefined;
let server: RemoteConsole | undefined;
let auditLog = '';
let alice: CertPair;
let bob: CertPair;
let mallory: CertPair;
let carol: CertPair;
let lxdBobFingerprint = '';

/** The requests that ended, each with its status (its start line was written before LXD saw it). */
function audit(): AuditEntry[] {
  return endedRequests(auditLog);
}

function origin(): string {
  if (!server) throw new Error('the remote console server is not running');
  return server.origin;
}

async function client(pair?: CertPair): Promise<APIRequestContext> {
  return request.newContext({
    baseURL: origin(),
    ignoreHTTPSErrors: true,
    ...(pair
      ? { clientCertificates: [{ origin: origin(), certPath: pair.cert, keyPath: pair.key }] }
      : {}),
  });
}

async function browserAs(browser: Browser, pair: CertPair) {
  return browser.newContext({
    baseURL: origin(),
    ignoreHTTPSErrors: true,
    clientCertificates: [{ origin: origin(), certPath: pair.cert, keyPath: pair.key }],
  });
}

function api(): LxdApi {
  if (!admin) throw new Error('the admin LXD client is not open');
  return admin;
}

async function profileExists(name: string): Promise<boolean> {
  return api()
    .get(`/1.0/profiles/${name}?project=default`)
    .then(() => true)
    .catch(() => false);
}

test.beforeAll(async () => {
  test.setTimeout(90_000);
  const lxd = (admin = await LxdApi.open('admin'));
  net = createRemoteNet();
  certificates = new Certificates();
  alice = certificates.signed('alice');
  bob = certificates.signed('bob');
  mallory = certificates.selfSigned('mallory', 'alice');
  carol = certificates.selfSigned('carol', 'carol');
  const tls = certificates.server(net.address);
  const lxdBob = certificates.selfSigned('lxd-bob', restricted.certName);

  // Bob's LXD identity: a certificate restricted to one project of its own.
  lxdBobFingerprint = await restrictedIdentity(lxd, lxdBob, restricted);

  const identities = path.join(certificates.dir, 'identities.json');
  writeFileSync(
    identities,
    JSON.stringify({ users: { bob: { cert: lxdBob.cert, key: lxdBob.key } }, default: 'server' }),
  );
  // Carol's browser made its own certificate: admitted by its fingerprint.
  const fingerprints = path.join(certificates.dir, 'fingerprints.txt');
  const carolFingerprint = new X509Certificate(readFileSync(carol.cert)).fingerprint256;
  writeFileSync(fingerprints, `# browser certificates\n${carolFingerprint} carol\n`);
  auditLog = path.join(certificates.dir, 'audit.log');
  server = await startRemoteConsole([
    '--host',
    net.address,
    '--port',
    '0',
    '--allow-remote',
    '--tls-cert',
    tls.cert,
    '--tls-key',
    tls.key,
    '--auth-client-ca',
    certificates.ca.cert,
    '--auth-client-fingerprints',
    fingerprints,
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
  expect(new URL(server.origin).hostname).toBe(net.address);
});

test.afterAll(async () => {
  test.setTimeout(60_000);
  try {
    await server?.stop();
    if (admin) {
      for (const name of [uiProfile, refusedProfile, carolProfile]) {
        await admin.call('DELETE', `/1.0/profiles/${name}?project=default`).catch(() => undefined);
      }
      await removeRestrictedIdentity(admin, restricted, lxdBobFingerprint);
      await admin.dispose();
    }
  } finally {
    net?.remove();
    certificates?.remove();
  }
});

test('without a client certificate everything is refused and nothing reaches LXD', async ({
  browser,
}) => {
  const anonymous = await client();
  const info = await anonymous.get('/1.0');
  expect(info.status()).toBe(401);
  expect(await info.json()).toMatchObject(NOT_AUTHENTICATED);
  const create = await anonymous.post('/1.0/profiles?project=default', {
    data: { name: refusedProfile, config: {} },
  });
  expect(create.status()).toBe(401);
  expect(await create.json()).toMatchObject(NOT_AUTHENTICATED);
  const page = await anonymous.get('/ui/project/default/instances');
  expect(page.status()).toBe(401);
  expect(page.headers()['referrer-policy']).toBe('no-referrer');
  expect(page.headers()['x-content-type-options']).toBe('nosniff');
  await anonymous.dispose();

  // A browser without a certificate gets the refusal too.
  const context = await browser.newContext({ ignoreHTTPSErrors: true });
  const response = await (await context.newPage()).goto(`${origin()}/ui/`);
  expect(response?.status()).toBe(401);
  await context.close();

  expect(await profileExists(refusedProfile)).toBe(false);
  expect(audit()).toEqual([]);
});

test('an untrusted client certificate is refused', async () => {
  const untrusted = await client(mallory);
  const list = await untrusted.get('/1.0/instances?project=default');
  expect(list.status()).toBe(403);
  const create = await untrusted.post('/1.0/profiles?project=default', {
    data: { name: refusedProfile, config: {} },
  });
  expect(create.status()).toBe(403);
  await untrusted.dispose();
  expect(await profileExists(refusedProfile)).toBe(false);
  expect(audit()).toEqual([]);
});

test('a trusted client certificate opens the console; its changes are logged with its name', async ({
  browser,
}) => {
  const context = await browserAs(browser, alice);
  const page = await context.newPage();
  await page.goto('/ui/project/default/instances');
  await expect(page.getByRole('link', { name: defaultInstance, exact: true })).toBeVisible();

  await page.goto('/ui/project/default/profiles/create');
  await page.getByLabel('Name', { exact: true }).fill(uiProfile);
  await page.getByRole('button', { name: 'Create profile' }).click();
  await expect.poll(() => profileExists(uiProfile)).toBe(true);
  await context.close();

  // The log line is written once the answer has gone out: wait for it.
  const createdEntry = () =>
    audit().find((entry) => entry.method === 'POST' && entry.path.startsWith('/1.0/profiles'));
  await expect.poll(createdEntry).toBeDefined();
  const created = createdEntry();
  expect(created).toMatchObject({
    user: 'alice',
    method: 'POST',
    path: '/1.0/profiles?project=default',
    status: 201,
  });
  expect(Number.isNaN(Date.parse(created?.time ?? ''))).toBe(false);
  // Never a body or a secret.
  expect(readFileSync(auditLog, 'utf8')).not.toContain('config');
});

test('a user mapped to a restricted LXD certificate sees only its project', async ({ browser }) => {
  const restricted = await client(bob);
  const projects = await restricted.get('/1.0/projects');
  expect(projects.status()).toBe(200);
  expect(((await projects.json()) as { metadata: string[] }).metadata).toEqual([
    `/1.0/projects/${project}`,
  ]);
  expect((await restricted.get('/1.0/instances?project=default')).status()).toBe(403);
  await restricted.dispose();

  const context = await browserAs(browser, bob);
  const page = await context.newPage();
  await page.goto(`/ui/project/${project}/instances`);
  await expect(page.getByRole('link', { name: projectInstance, exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: defaultInstance, exact: true })).toHaveCount(0);
  await context.close();
});

test('a self-signed certificate listed by fingerprint is admitted under its name', async () => {
  const fingerprinted = await client(carol);
  expect((await fingerprinted.get('/1.0/instances?project=default')).status()).toBe(200);
  const create = await fingerprinted.post('/1.0/profiles?project=default', {
    data: { name: carolProfile, config: {} },
  });
  expect(create.status()).toBe(201);
  await fingerprinted.dispose();
  expect(await profileExists(carolProfile)).toBe(true);
  // (Written once the answer has gone out: it was not there yet once, 90 ms in, at load 8.)
  await expect
    .poll(() =>
      audit().find((entry) => entry.path.startsWith('/1.0/profiles') && entry.user === 'carol'),
    )
    .toMatchObject({ method: 'POST', path: '/1.0/profiles?project=default', status: 201 });
});
