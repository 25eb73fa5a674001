import { LXD_URL, certs } from '../support/env';
import { enableSpaFallback, expect, test } from '../fixtures';

test('an untrusted browser lands on the login page', async ({ browser }) => {
  const context = await browser.newContext({
    ignoreHTTPSErrors: true,
    clientCertificates: [
      { origin: LXD_URL, certPath: certs.untrusted.cert, keyPath: certs.untrusted.key },
    ],
  });
  await enableSpaFallback(context);
  const page = await context.newPage();
  await page.goto(`${LXD_URL}/ui/project/default/instances`);
  await expect(page).toHaveURL(/\/ui\/login$/);
  await context.close();
});

test('a restricted certificate sees only its project and no Warnings', async ({ browser }) => {
  const context = await browser.newContext({
    ignoreHTTPSErrors: true,
    clientCertificates: [
      { origin: LXD_URL, certPath: certs.limited.cert, keyPath: certs.limited.key },
    ],
  });
  await enableSpaFallback(context);
  const page = await context.newPage();
  await page.goto(`${LXD_URL}/ui/`);
  await expect(page).toHaveURL(/\/ui\/project\/limited\/instances$/);
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link', { name: 'Operations' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Warnings' })).toHaveCount(0);

  await page.goto(`${LXD_URL}/ui/project/default/instances`);
  await expect(page.getByRole('heading', { name: 'Project not found' })).toBeVisible();
  await context.close();
});
