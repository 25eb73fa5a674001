import AxeBuilder from '@axe-core/playwright';
import { expect, test, uniqueName } from '../fixtures';

test('the instance list, its bulk dialog and column menu pass axe (WCAG 2.2 AA)', async ({
  page,
  lxd,
  track,
}) => {
  const prefix = uniqueName('axe');
  const running = track(`${prefix}-a`);
  const stopped = track(`${prefix}-b`);
  await lxd.createInstance(running, { start: true });
  await lxd.createInstance(stopped);

  const check = async (label: string, include: string) => {
    const results = await new AxeBuilder({ page })
      .include(include)
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .analyze();
    const serious = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${label}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(serious).toEqual([]);
  };

  await page.goto(`/ui/project/default/instances?search=${prefix}`);
  const table = page.getByRole('table', { name: 'Instances' });
  await expect(table.getByRole('row', { name: new RegExp(`^${running} `) })).toContainText(
    'running',
  );
  await check('list', 'main');

  await page.getByRole('button', { name: 'Columns' }).click();
  await check('columns menu', 'main');
  await page.keyboard.press('Escape');

  await page.getByRole('checkbox', { name: 'Select all 2 shown instances' }).check();
  await page
    .getByRole('toolbar', { name: 'Selected instances' })
    .getByRole('button', { name: 'Stop', exact: true })
    .click();
  await expect(page.getByRole('dialog', { name: 'Stop 2 instances' })).toBeVisible();
  await check('stop dialog', '[role="dialog"]');
});
