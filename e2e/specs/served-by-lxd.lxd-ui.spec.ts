import { seriousViolations } from '../support/settings';
import { expect, test, uniqueName } from '../fixtures';

test('LXD serves the build at /ui and the browser certificate signs in', async ({
  page,
  lxd,
  track,
}) => {
  const name = track(uniqueName('lxdui'));
  await lxd.createInstance(name, { start: true });

  // LXD 5.0.2 has no SPA fallback: enter at /ui/ and let the client-side router redirect.
  await page.goto('/ui/');
  await expect(page).toHaveURL(/\/ui\/project\/default\/instances$/);
  const row = page
    .getByRole('table', { name: 'Instances' })
    .getByRole('row', { name: new RegExp(`^${name} `) });
  await expect(row).toHaveAccessibleName(`${name} running`);

  const auth = await page.evaluate(async () => {
    const response = await fetch('/1.0');
    const body = (await response.json()) as { metadata: { auth: string } };
    return body.metadata.auth;
  });
  expect(auth).toBe('trusted');
});

test("served by LXD, the Activity page shows this tab's events and says history needs the console server", async ({
  page,
  lxd,
}) => {
  await page.goto('/ui/');
  await expect(page).toHaveURL(/\/ui\/project\/default\/instances$/);
  // LXD 5.0.2 has no SPA fallback: the page is reached from the side navigation.
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Activity' })
    .click();
  await expect(
    page.getByText(
      'History needs the console server: this page shows only what happened since this tab was opened.',
    ),
  ).toBeVisible();
  const name = uniqueName('lxdui-act');
  await lxd.call('POST', '/1.0/profiles', { name, config: {} });
  try {
    const row = page
      .getByRole('table', { name: 'Activity' })
      .getByRole('row')
      .filter({ hasText: name });
    await expect(row).toContainText('profile-created', { timeout: 10_000 });
    expect(await seriousViolations(page, 'activity served by LXD')).toEqual([]);
  } finally {
    await lxd.call('DELETE', `/1.0/profiles/${name}`).catch(() => undefined);
  }
});
