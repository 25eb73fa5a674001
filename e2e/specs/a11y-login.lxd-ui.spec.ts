/**
 * The login pages pass an axe scan (docs/A11Y.md): they are only shown to a browser LXD does not
 * trust, so this runs straight at LXD 5.0.2's /ui with the `untrusted` certificate (the console
 * server always signs in with the admin certificate, and the pages then lead to the app).
 */
import { enableSpaFallback, expect, test } from '../fixtures';
import { LXD_URL, certs } from '../support/env';
import { seriousViolations } from '../support/settings';

test('the login pages pass an axe scan, also with their errors shown', async ({ browser }) => {
  const context = await browser.newContext({
    baseURL: LXD_URL,
    ignoreHTTPSErrors: true,
    clientCertificates: [
      { origin: LXD_URL, certPath: certs.untrusted.cert, keyPath: certs.untrusted.key },
    ],
  });
  await enableSpaFallback(context);
  const page = await context.newPage();
  const found: string[] = [];
  try {
    await page.goto('/ui/login');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    found.push(...(await seriousViolations(page, '/ui/login')));

    await page.goto('/ui/login/certificate-generate');
    await expect(page.getByRole('form', { name: 'Generate certificate' })).toBeVisible();
    found.push(...(await seriousViolations(page, '/ui/login/certificate-generate')));
    await page.getByRole('textbox', { name: 'Password for the .pfx file (optional)' }).fill('one');
    const confirmation = page.getByRole('textbox', { name: 'Confirm password' });
    await confirmation.fill('two');
    await page.getByRole('button', { name: 'Generate certificate' }).click();
    await expect(confirmation).toHaveAttribute('aria-invalid', 'true');
    found.push(...(await seriousViolations(page, 'certificate-generate: passwords differ')));

    await page.goto('/ui/login/certificate-add');
    await expect(page.getByRole('form', { name: 'Add certificate' })).toBeVisible();
    found.push(...(await seriousViolations(page, '/ui/login/certificate-add')));
    await page.getByRole('button', { name: 'Connect' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'Paste the trust token you received from the server administrator.',
    );
    found.push(...(await seriousViolations(page, 'certificate-add: empty token')));
    expect(found).toEqual([]);
  } finally {
    await context.close();
  }
});
