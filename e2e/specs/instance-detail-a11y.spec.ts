import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test, uniqueName } from '../fixtures';
import { busybox } from '../support/instance-ui';

async function seriousViolations(page: Page, where: string): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .include('main')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${where}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** The create page (each section) and every detail tab: no serious or critical violation. */
test('instance create and detail screens pass an axe scan', async ({ page, lxd, track }) => {
  test.setTimeout(120_000);
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
