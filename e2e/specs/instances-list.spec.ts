import { expect, test, uniqueName } from '../fixtures';

test('the instance list shows real instances with their status', async ({ page, lxd, track }) => {
  const running = track(uniqueName('run'));
  const stopped = track(uniqueName('stop'));
  await lxd.createInstance(running, { start: true });
  await lxd.createInstance(stopped);

  await page.goto('/ui/project/default/instances');
  const table = page.getByRole('table', { name: 'Instances' });
  await expect(table.getByRole('row', { name: new RegExp(`^${running} `) })).toContainText(
    'Running',
  );
  await expect(table.getByRole('row', { name: new RegExp(`^${stopped} `) })).toContainText(
    'Stopped',
  );
  expect((await lxd.instance(running)).status).toBe('Running');
});

test('the root path redirects to the default project instances', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/ui\/project\/default\/instances$/);
  await expect(page.getByRole('heading', { name: 'Instances', level: 1 })).toBeVisible();
});
