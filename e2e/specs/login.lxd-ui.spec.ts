/**
 * The login pages, straight at LXD 5.0.2's own /ui: the explanations, step 1 (a certificate made
 * in the browser, downloaded as .pfx and .crt) and step 2 (a trust token redeemed with the
 * browser's certificate). The shared `untrusted` certificate is never made trusted here: the
 * token is redeemed with the certificate generated in step 1, which other tests do not use.
 */
import { X509Certificate } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContextOptions, Page } from '@playwright/test';
import { enableSpaFallback, expect, test, uniqueName } from '../fixtures';
import { LXD_URL, certs } from '../support/env';
import { createTrustToken, type LxdApi } from '../support/lxd-api';
import { fetchForRoute } from '../support/answers';

const UNTRUSTED = { origin: LXD_URL, certPath: certs.untrusted.cert, keyPath: certs.untrusted.key };
const REJECTED_TEXT = 'This token was already used or is wrong.';
const NO_CERTIFICATE_TEXT = 'Import the certificate from step 1 into your browser first';

async function openPage(browser: Browser, options: BrowserContextOptions = {}) {
  const context = await browser.newContext({
    baseURL: LXD_URL,
    ignoreHTTPSErrors: true,
    acceptDownloads: true,
    ...options,
  });
  await enableSpaFallback(context);
  return { context, page: await context.newPage() };
}

interface TrustedCertificate {
  name: string;
  fingerprint: string;
}

async function certificatesNamed(lxd: LxdApi, name: string) {
  const list = await lxd.get<TrustedCertificate[]>('/1.0/certificates?recursion=1');
  return list.filter((certificate) => certificate.name === name);
}

/** Deletes the certificates a test made trusted and cancels its tokens that are still pending. */
async function cleanUp(lxd: LxdApi, name: string, token?: string) {
  for (const { fingerprint } of await certificatesNamed(lxd, name)) {
    await lxd.call('DELETE', `/1.0/certificates/${fingerprint}`);
  }
  if (token) await cancelToken(lxd, token);
}

/** Cancels the token operation: the server then treats the token as used. */
async function cancelToken(lxd: LxdApi, token: string) {
  const { secret } = JSON.parse(Buffer.from(token, 'base64').toString()) as { secret: string };
  const operations = await lxd.get<{ running?: { id: string; metadata: unknown }[] }>(
    '/1.0/operations?recursion=1',
  );
  for (const operation of operations.running ?? []) {
    const metadata = operation.metadata as { secret?: string } | null;
    if (metadata?.secret === secret) {
      await lxd.call('DELETE', `/1.0/operations/${operation.id}`).catch(() => undefined);
    }
  }
}

function postCertificates(page: Page) {
  return page.waitForResponse(
    (response) =>
      response.url() === `${LXD_URL}/1.0/certificates` && response.request().method() === 'POST',
  );
}

async function submitToken(page: Page, token: string) {
  await page.getByRole('textbox', { name: 'Trust token' }).fill(token);
  await page.getByRole('button', { name: 'Connect' }).click();
}

test('step 1 makes a certificate, step 2 trusts it with a token', async ({
  browser,
  lxd,
}, testInfo) => {
  const name = uniqueName('login');
  const pfxPath = testInfo.outputPath('browser.pfx');
  const crtPath = testInfo.outputPath('browser.crt');
  const password = 'pa55-word';
  const token = await createTrustToken(lxd, name);
  const first = await openPage(browser, { clientCertificates: [UNTRUSTED] });
  let second: Awaited<ReturnType<typeof openPage>> | undefined;
  try {
    const { page } = first;
    await page.goto('/ui/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Log in to LXD' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Login with SSO instead' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Step 1: generate a certificate' }).click();
    await expect(page).toHaveURL(/\/ui\/login\/certificate-generate$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Generate a client certificate' }),
    ).toBeVisible();

    const passwordField = page.getByLabel('Password for the .pfx file (optional)', { exact: true });
    const confirmField = page.getByLabel('Confirm password', { exact: true });
    await passwordField.fill(password);
    await confirmField.fill(`${password}x`);
    await expect(page.getByText('The passwords do not match.')).toBeVisible();
    await expect(confirmField).toHaveAttribute('aria-invalid', 'true');
    await confirmField.fill(password);
    await page.getByRole('button', { name: 'Generate certificate' }).click();

    const pfxButton = page.getByRole('button', { name: 'Download .pfx' });
    await expect(pfxButton).toBeVisible({ timeout: 30_000 });
    const [pfx] = await Promise.all([page.waitForEvent('download'), pfxButton.click()]);
    expect(pfx.suggestedFilename()).toBe('lxd-ui-127.0.0.1.pfx');
    await pfx.saveAs(pfxPath);
    const [crt] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download .crt' }).click(),
    ]);
    expect(crt.suggestedFilename()).toBe('lxd-ui-127.0.0.1.crt');
    await crt.saveAs(crtPath);
    const pem = await readFile(crtPath, 'utf8');
    expect(pem).toMatch(/^-----BEGIN CERTIFICATE-----/);
    const fingerprint = new X509Certificate(pem).fingerprint256.replace(/:/g, '').toLowerCase();

    await expect(page.getByRole('tab', { name: 'Firefox' })).toBeVisible();
    await page.getByRole('link', { name: 'Continue to step 2' }).click();
    await expect(page).toHaveURL(/\/ui\/login\/certificate-add$/);
    await expect(page.getByRole('textbox', { name: 'Trust token' })).toBeVisible();

    // The browser now presents the certificate from step 1 (as after importing it).
    second = await openPage(browser, {
      clientCertificates: [{ origin: LXD_URL, pfxPath, passphrase: password }],
    });
    await second.page.goto('/ui/login/certificate-add');
    const answer = postCertificates(second.page);
    await submitToken(second.page, `\n  ${token}  \n`);
    expect((await answer).status()).toBe(201);
    await expect(second.page).not.toHaveURL(/\/login/);

    const trusted = await certificatesNamed(lxd, name);
    expect(trusted.map((certificate) => certificate.fingerprint)).toEqual([fingerprint]);
    const auth = await second.page.evaluate(async () => {
      const response = await fetch('/1.0');
      return ((await response.json()) as { metadata: { auth: string } }).metadata.auth;
    });
    expect(auth).toBe('trusted');
  } finally {
    await first.context.close();
    await second?.context.close();
    await cleanUp(lxd, name, token);
  }
});

test('a used token is explained and the text is kept', async ({ browser, lxd }) => {
  const name = uniqueName('login-used');
  const token = await createTrustToken(lxd, name);
  await cancelToken(lxd, token);
  const { context, page } = await openPage(browser, { clientCertificates: [UNTRUSTED] });
  try {
    await page.goto('/ui/login/certificate-add');
    const answer = postCertificates(page);
    await submitToken(page, token);
    expect((await answer).status()).toBe(403);
    await expect(page.getByRole('alert')).toContainText(REJECTED_TEXT);
    await expect(page.getByRole('alert')).toContainText('lxc config trust add --name <name>');
    await expect(page.getByRole('textbox', { name: 'Trust token' })).toHaveValue(token);
    await expect(page).toHaveURL(/\/ui\/login\/certificate-add$/);
  } finally {
    await context.close();
    await cleanUp(lxd, name);
  }
});

test('a browser without a certificate is sent back to step 1', async ({ browser, lxd }) => {
  const name = uniqueName('login-nocert');
  const token = await createTrustToken(lxd, name);
  // Contexts inherit the project's (admin) certificate unless told otherwise.
  const { context, page } = await openPage(browser, { clientCertificates: [] });
  try {
    await page.goto('/ui/login/certificate-add');
    const answer = postCertificates(page);
    await submitToken(page, token);
    const response = await answer;
    expect(response.status()).toBe(400);
    expect(((await response.json()) as { error: string }).error).toBe(
      'No client certificate provided',
    );
    await expect(page.getByRole('alert')).toContainText(NO_CERTIFICATE_TEXT);
    await page.getByRole('link', { name: 'Go to step 1: generate a certificate' }).click();
    await expect(page).toHaveURL(/\/ui\/login\/certificate-generate$/);
    expect(await certificatesNamed(lxd, name)).toEqual([]);
  } finally {
    await context.close();
    await cleanUp(lxd, name, token);
  }
});

test('the SSO button appears only when the server lists oidc', async ({ browser }) => {
  const { context, page } = await openPage(browser, { clientCertificates: [UNTRUSTED] });
  try {
    await page.goto('/ui/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Log in to LXD' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Login with SSO instead' })).toHaveCount(0);

    await page.route('**/1.0', async (route) => {
      const response = await fetchForRoute(route);
      const body = (await response.json()) as { metadata: { auth_methods?: string[] } };
      body.metadata.auth_methods = [...(body.metadata.auth_methods ?? []), 'oidc'];
      await route.fulfill({ response, json: body });
    });
    await page.reload();
    const sso = page.getByRole('link', { name: 'Login with SSO instead' });
    await expect(sso).toBeVisible();
    await expect(sso).toHaveAttribute('href', '/oidc/login');
  } finally {
    await context.close();
  }
});
