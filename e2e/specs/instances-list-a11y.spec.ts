import { expect, test, uniqueName } from '../fixtures';
import { seriousViolations } from '../support/settings';

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

  const check = async (label: string) => {
    const serious = await seriousViolations(page, label);
    expect(serious).toEqual([]);
  };

  await page.goto(`/ui/project/default/instances?search=${prefix}`);
  const table = page.getByRole('table', { name: 'Instances' });
  await expect(table.getByRole('row', { name: new RegExp(`^${running} `) })).toContainText(
    'running',
  );
  await check('list');

  await page.getByRole('button', { name: 'Columns' }).click();
  await check('columns menu');
  await page.keyboard.press('Escape');

  await page.getByRole('checkbox', { name: 'Select all 2 shown instances' }).check();
  await page
    .getByRole('toolbar', { name: 'Selected instances' })
    .getByRole('button', { name: 'Stop', exact: true })
    .click();
  await expect(page.getByRole('dialog', { name: 'Stop 2 instances' })).toBeVisible();
  await check('stop dialog');
});
