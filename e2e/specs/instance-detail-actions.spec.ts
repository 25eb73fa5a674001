import { expect, test, uniqueName } from '../fixtures';
import { busybox, snapshotNames } from '../support/instance-ui';

const detail = (name: string, project = 'default') => `/ui/project/${project}/instance/${name}`;

test('a running instance is deleted with force from its page', async ({ page, lxd, track }) => {
  const name = await busybox(lxd, track, uniqueName('del'), { start: true });
  await page.goto(detail(name));
  await page
    .getByRole('group', { name: 'Instance actions' })
    .getByRole('button', { name: 'Delete' })
    .click();
  const dialog = page.getByRole('dialog', { name: `Delete ${name}` });
  await expect(dialog.getByRole('button', { name: 'Delete' })).toBeDisabled();
  await dialog.getByText('Force stop running instances first').click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/ui\/project\/default\/instances$/, { timeout: 30_000 });
  expect(await lxd.instanceExists(name)).toBe(false);
});

test('stop and start from the header change the state in LXD', async ({ page, lxd, track }) => {
  const name = await busybox(lxd, track, uniqueName('state'), { start: true });
  await page.goto(detail(name));
  const actions = page.getByRole('group', { name: 'Instance actions' });
  await actions.getByRole('button', { name: 'Stop' }).click();
  const dialog = page.getByRole('dialog', { name: `Stop ${name}` });
  await dialog.getByText('Force stop', { exact: true }).click();
  await dialog.getByRole('button', { name: 'Stop' }).click();
  // The button is enabled again once the console has seen the operation end.
  await expect(actions.getByRole('button', { name: 'Start' })).toBeEnabled({ timeout: 30_000 });
  const status = async () => (await lxd.instance(name)).status;
  await expect.poll(status, { timeout: 10_000 }).toBe('Stopped');
  await actions.getByRole('button', { name: 'Start' }).click();
  await expect(actions.getByRole('button', { name: 'Stop' })).toBeEnabled({ timeout: 30_000 });
  await expect.poll(status, { timeout: 10_000 }).toBe('Running');
});

test('an instance is copied to a new name', async ({ page, lxd, track }) => {
  const name = await busybox(lxd, track, uniqueName('src'));
  const copy = track(`${name}-copy`);
  await page.goto(detail(name));
  await page.getByRole('button', { name: 'Copy', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Copy ${name}` });
  await expect(dialog.getByLabel('New instance name')).toHaveValue(copy);
  await dialog.getByLabel('New instance name').fill(name);
  await dialog.getByLabel('New instance name').blur();
  await expect(dialog.getByText('An instance with this name already exists')).toBeVisible();
  await dialog.getByLabel('New instance name').fill(copy);
  await dialog.getByRole('button', { name: 'Copy' }).click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });
  expect(await lxd.instanceExists(copy)).toBe(true);
});

test('a backup is exported and downloaded', async ({ page, lxd, track }) => {
  const name = await busybox(lxd, track, uniqueName('bak'));
  await page.goto(detail(name));
  await page.getByRole('button', { name: 'Export backup' }).click();
  const dialog = page.getByRole('dialog', { name: `Export a backup of ${name}` });
  const download = page.waitForEvent('download', { timeout: 60_000 });
  await dialog.getByRole('button', { name: 'Export' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.tar\.gz$/);
  expect((await file.createReadStream()).readable).toBe(true);
  await expect(dialog).toBeHidden();
  // The server-side backup is removed after the download.
  await expect.poll(async () => lxd.get<string[]>(`/1.0/instances/${name}/backups`)).toEqual([]);
});

test('a snapshot is renamed and a new instance is made from it', async ({ page, lxd, track }) => {
  const name = await busybox(lxd, track, uniqueName('snapsrc'));
  const made = track(`${name}-from`);
  await lxd.run('POST', `/1.0/instances/${name}/snapshots`, { name: 'snap0' });
  await page.goto(`${detail(name)}/snapshots`);
  const table = page.getByRole('table', { name: 'Snapshots' });
  await table.getByRole('button', { name: 'Rename snap0' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename snap0' });
  await rename.getByLabel('New snapshot name').fill('a/b');
  await rename.getByLabel('New snapshot name').blur();
  await expect(rename.getByText('Snapshot name must not contain /')).toBeVisible();
  await rename.getByLabel('New snapshot name').fill('golden');
  await rename.getByRole('button', { name: 'Rename' }).click();
  await expect(table.getByRole('row', { name: /^golden / })).toBeVisible();
  expect(await snapshotNames(lxd, name)).toEqual(['golden']);

  await table.getByRole('button', { name: 'Create instance from golden' }).click();
  const create = page.getByRole('dialog', { name: 'Create an instance from golden' });
  await create.getByLabel('Instance name').fill(made);
  await create.getByRole('button', { name: 'Create instance' }).click();
  await expect(page).toHaveURL(new RegExp(`/instance/${made}$`), { timeout: 30_000 });
  expect(await lxd.instanceExists(made)).toBe(true);
});
