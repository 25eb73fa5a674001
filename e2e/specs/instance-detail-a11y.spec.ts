import { expect, test, uniqueName } from '../fixtures';
import { seriousViolations } from '../support/settings';
import { busybox } from '../support/instance-ui';

/** The create page (each section) and every detail tab: no serious or critical violation. */
test('instance create and detail screens pass an axe scan', async ({ page, lxd, track }) => {
  test.setTimeout(180_000);
  const found: string[] = [];
  await page.goto('/ui/project/default/instances/create');
  for (const section of ['Main configuration', 'Devices', 'Resource limits', 'Cloud-init']) {
    await page.getByRole('button', { name: section, exact: true }).click();
    await expect(page.getByRole('heading', { name: section, level: 2 })).toBeVisible();
    found.push(...(await seriousViolations(page, `create/${section}`)));
  }
  await page.getByRole('button', { name: 'Main configuration', exact: true }).click();
  await page.getByRole('button', { name: 'Browse images' }).click();
  await expect(page.getByRole('table', { name: 'Local images' })).toBeVisible();
  found.push(...(await seriousViolations(page, 'create/image picker')));

  const name = await busybox(lxd, track, uniqueName('axe'), { start: true });
  await lxd.run('POST', `/1.0/instances/${name}/snapshots`, { name: 'snap0' });
  for (const tab of ['', 'configuration', 'snapshots', 'files', 'terminal', 'console', 'logs']) {
    await page.goto(`/ui/project/default/instance/${name}${tab ? `/${tab}` : ''}`);
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    await expect(page.getByRole('tabpanel')).not.toContainText('Loading');
    found.push(...(await seriousViolations(page, tab || 'overview')));
  }
  expect(found).toEqual([]);
});
