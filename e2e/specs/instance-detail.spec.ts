import { expect, test, uniqueName, INCUS } from '../fixtures';
import { busybox, snapshotNames, typeInTerminal } from '../support/instance-ui';

const detail = (name: string, tab = '') =>
  `/ui/project/default/instance/${name}${tab ? `/${tab}` : ''}`;

test('the overview shows type, image, addresses per family and Never for last used', async ({
  page,
  lxd,
  track,
}) => {
  const fresh = await busybox(lxd, track, uniqueName('fresh'));
  await page.goto(detail(fresh));
  await expect(page.getByRole('heading', { name: fresh, level: 1 })).toBeVisible();
  const general = page.getByRole('region', { name: 'General' });
  await expect(general).toContainText('Container');
  await expect(general).toContainText('BusyBox');
  await expect(general.getByText('Never')).toBeVisible();

  const running = await busybox(lxd, track, uniqueName('run'), { start: true });
  await page.goto(detail(running));
  const addresses = page.getByRole('table', { name: 'Network interfaces' });
  await expect(addresses).toContainText('eth0');
  await expect(addresses).toContainText('IPv4', { timeout: 20_000 });
});

test('rename keeps the rules and moves the page to the new name', async ({ page, lxd, track }) => {
  const name = await busybox(lxd, track, uniqueName('ren'));
  const renamed = track(`${name}-new`);
  await page.goto(detail(name, 'snapshots'));
  await page.getByRole('button', { name: 'Rename' }).click();
  const field = page.getByLabel('Instance name');
  await field.fill('9lives');
  await expect(page.getByText('Instance name must start with a letter')).toBeVisible();
  await field.fill(name);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await field.fill(renamed);
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page).toHaveURL(new RegExp(`/instance/${renamed}/snapshots$`));
  await expect(page.getByRole('heading', { name: renamed, level: 1 })).toBeVisible();
  expect(await lxd.instanceExists(renamed)).toBe(true);
  expect(await lxd.instanceExists(name)).toBe(false);
});

test('a snapshot is created, restored and deleted', INCUS, async ({ page, lxd, track }) => {
  const name = await busybox(lxd, track, uniqueName('snap'));
  await page.goto(detail(name, 'snapshots'));
  await page.getByRole('button', { name: 'Create snapshot' }).click();
  const dialog = page.getByRole('dialog', { name: `Create a snapshot of ${name}` });
  await dialog.getByLabel('Snapshot name').fill('before');
  await dialog.getByRole('button', { name: 'Create snapshot' }).click();
  const table = page.getByRole('table', { name: 'Snapshots' });
  await expect(table.getByRole('row', { name: /^before / })).toBeVisible();
  expect(await snapshotNames(lxd, name)).toEqual(['before']);

  // A change after the snapshot, undone by restoring it.
  const current = await lxd.get<{ config: Record<string, string> }>(`/1.0/instances/${name}`);
  await lxd.call('PATCH', `/1.0/instances/${name}`, {
    config: { ...current.config, 'user.after': 'yes' },
  });
  await table.getByRole('button', { name: 'Restore before' }).click();
  await page
    .getByRole('dialog', { name: 'Restore before' })
    .getByRole('button', { name: 'Restore' })
    .click();
  await expect(page.getByRole('dialog', { name: 'Restore before' })).toBeHidden();
  await expect.poll(async () => (await lxd.instance(name)).config['user.after']).toBeUndefined();

  await table.getByRole('button', { name: 'Delete before' }).click();
  await page
    .getByRole('dialog', { name: 'Delete before' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByText('No snapshots yet')).toBeVisible();
  expect(await snapshotNames(lxd, name)).toEqual([]);
});

test('a command typed in the terminal returns its output', INCUS, async ({ page, lxd, track }) => {
  const name = await busybox(lxd, track, uniqueName('term'), { start: true });
  await page.goto(detail(name, 'terminal'));
  await expect(page.getByRole('status').filter({ hasText: 'Connected' })).toBeVisible();
  const terminal = page.getByRole('group', { name: 'Terminal' });
  await expect(terminal).toContainText('#');
  await typeInTerminal(page, terminal, 'echo term-$((6*7))\n');
  await expect(terminal).toContainText('term-42');
});

test('the text console shows the busybox console and takes input', async ({ page, lxd, track }) => {
  const name = await busybox(lxd, track, uniqueName('cons'), { start: true });
  await page.goto(detail(name, 'console'));
  const consoleView = page.getByRole('group', { name: 'Text console' });
  await expect(consoleView).toContainText('Please press Enter to activate this console.', {
    timeout: 20_000,
  });
  await expect(page.getByRole('status').filter({ hasText: 'Connected' })).toBeVisible();
  await typeInTerminal(page, consoleView, '\n');
  await typeInTerminal(page, consoleView, 'echo console-$((6*7))\n');
  await expect(consoleView).toContainText('console-42');
});

test('the logs tab lists the log files and shows one', async ({ page, lxd, track }) => {
  const name = await busybox(lxd, track, uniqueName('logs'), { start: true });
  await page.goto(detail(name, 'logs'));
  await expect(page.getByLabel('Log file')).toHaveValue('lxc.log');
  await page.getByLabel('Log file').selectOption('lxc.conf');
  await expect(page.getByRole('textbox', { name: 'Content of lxc.conf' })).toHaveValue(/lxc\.arch/);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download lxc.conf' }).click();
  expect((await download).suggestedFilename()).toBe(`${name}-lxc.conf`);
});

test('a change made through the API shows without a reload', async ({ page, lxd, track }) => {
  const name = await busybox(lxd, track, uniqueName('live'), { start: true });
  await page.goto(detail(name));
  const actions = page.getByRole('group', { name: 'Instance actions' });
  await expect(actions.getByRole('button', { name: 'Stop' })).toBeVisible();
  await lxd.setState(name, 'stop', 'default', true);
  await expect(actions.getByRole('button', { name: 'Start' })).toBeVisible();
  await expect(page.getByText('stopped', { exact: true })).toBeVisible();
});
