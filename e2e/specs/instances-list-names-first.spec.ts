import { expect, test, uniqueName } from '../fixtures';
import { isFullInstanceList } from '../support/instances-list';
import { fetchForRoute } from '../support/answers';

test('the names come first: rows show while the full list loads, then it completes', async ({
  page,
  lxd,
  track,
}) => {
  const prefix = uniqueName('names');
  const running = track(`${prefix}-a`);
  const stopped = track(`${prefix}-b`);
  await lxd.createInstance(running, { start: true });
  await lxd.createInstance(stopped);

  // The full list (LXD's real answer) is held back until the rows have shown.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let fullRequests = 0;
  await page.route(isFullInstanceList, async (route) => {
    fullRequests += 1;
    await held;
    const response = await fetchForRoute(route);
    await route.fulfill({ response });
  });

  await page.goto(`/ui/project/default/instances?search=${prefix}`);
  const table = page.getByRole('table', { name: 'Instances' });
  await expect(
    page.getByRole('status').filter({ hasText: /^Loading details of [\d,]+ instances?…$/ }),
  ).toBeVisible();
  // A short list (fewer than 100) waits for its full list: the rows show by name meanwhile.
  await expect(table.getByRole('row', { name: `${running} details loading` })).toBeVisible();
  await expect(table.getByRole('row', { name: `${stopped} details loading` })).toBeVisible();
  await expect(table.getByRole('link', { name: running })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Status' })).toBeVisible();
  await expect(table.getByRole('button', { name: 'Status' })).toHaveCount(0);
  await expect(
    page.getByText(
      'Sorting by other columns than Name and filtering by status, type, profile, project, location or user keys wait for the details.',
    ),
  ).toBeVisible();

  release();
  await expect(table.getByRole('row', { name: `${running} running` })).toBeVisible();
  await expect(table.getByRole('row', { name: `${stopped} stopped` })).toBeVisible();
  await expect(table.getByRole('button', { name: 'Status' })).toBeVisible();
  await expect(page.getByText(/^Loading details of/)).toHaveCount(0);
  await table.getByRole('button', { name: 'Status' }).click();
  await expect(table.getByRole('row', { name: new RegExp(`^${prefix}`) }).first()).toHaveAttribute(
    'aria-label',
    `${running} running`,
  );
  expect(fullRequests).toBeGreaterThanOrEqual(1);
});
