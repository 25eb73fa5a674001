import { expect, test, uniqueName } from '../fixtures';
import { seriousViolations } from '../support/settings';
import { createProfile, removeProfile } from '../support/profiles-projects';

/** Each screen of profiles and projects: no serious or critical WCAG 2.2 A/AA violation. */
test('profile and project screens pass an axe scan', async ({ page, lxd }) => {
  // Nine screens, each scanned by axe (5–15 s a scan on a loaded 2-core machine).
  test.setTimeout(180_000);
  const name = uniqueName('p6axe');
  await createProfile(lxd, name, {
    description: 'Scanned',
    config: { 'limits.memory': '1GiB' },
    devices: { data: { type: 'disk', path: '/data', source: '/tmp' } },
  });
  try {
    for (const path of [
      '/ui/project/default/profiles',
      `/ui/project/default/profile/${name}`,
      `/ui/project/default/profile/${name}/configuration`,
      `/ui/project/default/profile/${name}/configuration/devices`,
      '/ui/project/default/profiles/create',
      '/ui/project/default/configuration',
      '/ui/project/default/configuration/resource-limits',
      '/ui/project/default/configuration/restrictions',
      '/ui/projects/create',
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('main .loader')).toHaveCount(0);
      const serious = await seriousViolations(page, path);
      expect(serious).toEqual([]);
    }
  } finally {
    await removeProfile(lxd, name);
  }
});
