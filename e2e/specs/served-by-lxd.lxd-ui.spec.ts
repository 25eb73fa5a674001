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
