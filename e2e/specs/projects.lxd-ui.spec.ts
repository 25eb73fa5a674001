import { LXD_URL, certs } from '../support/env';
import { enableSpaFallback, expect, test, uniqueName } from '../fixtures';
import { profileExists, removeProfile } from '../support/profiles-projects';

test('a restricted certificate sees only its project, read-only, and manages its profiles', async ({
  browser,
  lxd,
}) => {
  const context = await browser.newContext({
    ignoreHTTPSErrors: true,
    clientCertificates: [
      { origin: LXD_URL, certPath: certs.limited.cert, keyPath: certs.limited.key },
    ],
  });
  await enableSpaFallback(context);
  const page = await context.newPage();
  const profile = uniqueName('p6lim');
  try {
    await page.goto(`${LXD_URL}/ui/project/limited/configuration`);
    await expect(page.getByRole('heading', { name: /Project configuration/ })).toBeVisible();
    await expect(
      page.getByText('Your certificate is restricted: project settings can only be viewed'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save changes' })).toBeDisabled();

    await page.getByRole('button', { name: 'Project limited' }).click();
    const projects = page.getByRole('navigation', { name: 'Projects' });
    await expect(projects.getByRole('link')).toHaveText([/All projects/, /^limited/]);
    await page.keyboard.press('Escape');

    await page.goto(`${LXD_URL}/ui/project/limited/profiles`);
    await expect(page.getByRole('link', { name: 'default', exact: true })).toBeVisible();
    await page.getByRole('link', { name: 'Create profile' }).click();
    await page.getByLabel('Name', { exact: true }).fill(profile);
    await page.getByRole('button', { name: 'Create profile' }).click();
    await expect(page).toHaveURL(new RegExp(`/ui/project/limited/profile/${profile}$`));
    expect(await profileExists(lxd, profile, 'limited')).toBe(true);

    await page.goto(`${LXD_URL}/ui/projects/create`);
    await expect(
      page.getByText('Your certificate is restricted to its projects and cannot create projects'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create project' })).toBeDisabled();
  } finally {
    await removeProfile(lxd, profile, 'limited');
    await context.close();
  }
});
