/**
 * Moving and copying instances on one LXD 5.0.2 (it has `instance_pool_move` and
 * `instance_project_move`): to another storage pool and another project, single and bulk, with
 * the outcome checked in LXD. Moving to a cluster member is offered only in a cluster.
 */
import { expect, test, uniqueName } from '../fixtures';
import { bulkJob, openBulkPanel } from '../support/bulk-queue';
import { busybox } from '../support/instance-ui';
import { createSharingProject, waitForStatus } from '../support/instances-list';
import { LxdApi } from '../support/lxd-api';

const detail = (name: string, project = 'default') => `/ui/project/${project}/instance/${name}`;
const searchUrl = (search: string) =>
  `/ui/project/default/instances?search=${encodeURIComponent(search)}`;

const pool = uniqueName('migpool');
const project = uniqueName('migproj');

interface Instance {
  status: string;
  devices: Record<string, Record<string, string>>;
  expanded_devices: Record<string, Record<string, string>>;
}

/** The pool of the instance's root disk, as LXD has it. */
async function rootPool(lxd: LxdApi, name: string, inProject = 'default') {
  const instance = await lxd.get<Instance>(`/1.0/instances/${name}?project=${inProject}`);
  return instance.expanded_devices.root?.pool;
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  const lxd = await LxdApi.open('admin');
  await lxd.run('POST', '/1.0/storage-pools', {
    name: pool,
    driver: 'dir',
    description: 'e2e: instance moves',
    config: {},
  });
  await createSharingProject(lxd, project);
  await lxd.dispose();
});

test.afterAll(async () => {
  const lxd = await LxdApi.open('admin');
  // Instances left behind by a failed test, then the project and the pool.
  for (const where of [project, 'default']) {
    const names = await lxd.get<string[]>(`/1.0/instances?project=${where}`).catch(() => []);
    for (const url of names) {
      const name = url.split('/').pop() ?? '';
      if (name.startsWith('mig')) await lxd.deleteInstance(name, where).catch(() => undefined);
    }
  }
  await lxd.call('DELETE', `/1.0/projects/${project}`).catch(() => undefined);
  await lxd.call('DELETE', `/1.0/storage-pools/${pool}`).catch(() => undefined);
  await lxd.dispose();
});

test('an instance is copied to another project and storage pool', async ({ page, lxd, track }) => {
  const name = await busybox(lxd, track, uniqueName('migsrc'));
  const copy = track(`${name}-copy`, project);
  await page.goto(detail(name));
  await page.getByRole('button', { name: 'Copy', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Copy ${name}` });
  // One server: no member to choose.
  await expect(dialog.getByRole('combobox', { name: 'Target member' })).toHaveCount(0);
  await dialog.getByRole('combobox', { name: 'Target project' }).selectOption(project);
  await dialog.getByRole('combobox', { name: 'Storage pool' }).selectOption(pool);
  await dialog.getByRole('button', { name: 'Copy' }).click();
  await expect(dialog).toBeHidden({ timeout: 60_000 });
  expect(await lxd.instanceExists(copy, project)).toBe(true);
  expect(await rootPool(lxd, copy, project)).toBe(pool);
  expect(await rootPool(lxd, name)).toBe('default');
});

test('a running instance is migrated to another project: stopped, moved, started', async ({
  page,
  lxd,
  track,
}) => {
  const name = await busybox(lxd, track, uniqueName('migrun'), { start: true });
  track(name, project);
  await page.goto(detail(name));
  await page
    .getByRole('group', { name: 'Instance actions' })
    .getByRole('button', { name: 'Migrate' })
    .click();
  const dialog = page.getByRole('dialog', { name: `Migrate ${name}` });
  await expect(
    dialog.getByRole('radio', { name: 'Another cluster member (This server is not clustered)' }),
  ).toBeDisabled();
  await dialog.getByText('Another project', { exact: true }).click();
  await dialog.getByRole('combobox', { name: 'Target project' }).selectOption(project);
  await expect(
    dialog.getByRole('checkbox', {
      name: 'Stop running instances first and start them again after the move',
    }),
  ).toBeChecked();
  await dialog.getByRole('button', { name: 'Migrate' }).click();
  // The page follows the instance to its new project.
  await expect(page).toHaveURL(new RegExp(`/ui/project/${project}/instance/${name}$`), {
    timeout: 60_000,
  });
  await expect(page.getByText('1 instance migrated')).toBeVisible();
  expect(await lxd.instanceExists(name)).toBe(false);
  await waitForStatus(lxd, name, 'Running', project);
});

test("without stopping first, LXD's refusal to move a running instance is shown", async ({
  page,
  lxd,
  track,
}) => {
  const name = await busybox(lxd, track, uniqueName('migrefuse'), { start: true });
  await page.goto(detail(name));
  await page
    .getByRole('group', { name: 'Instance actions' })
    .getByRole('button', { name: 'Migrate' })
    .click();
  const dialog = page.getByRole('dialog', { name: `Migrate ${name}` });
  await dialog.getByText('Another storage pool', { exact: true }).click();
  await dialog.getByRole('combobox', { name: 'Target storage pool' }).selectOption(pool);
  await dialog
    .getByText('Stop running instances first and start them again after the move')
    .click();
  await dialog.getByRole('button', { name: 'Migrate' }).click();
  await expect(dialog.getByRole('status')).toHaveText('0 instances migrated, 1 failed', {
    timeout: 60_000,
  });
  await expect(dialog.getByRole('list', { name: 'Migration progress' })).toContainText(
    'Instance must be stopped to move between pools statelessly',
  );
  expect(await rootPool(lxd, name)).toBe('default');
  expect((await lxd.instance(name)).status).toBe('Running');
});

test('two instances are migrated to another pool and copied from the list', async ({
  page,
  lxd,
  track,
}) => {
  const prefix = uniqueName('migbulk');
  const a = await busybox(lxd, track, `${prefix}-a`);
  const b = await busybox(lxd, track, `${prefix}-b`);
  track(`${a}-copy`);
  track(`${b}-copy`);
  await page.goto(searchUrl(prefix));
  const table = page.getByRole('table', { name: 'Instances' });
  await expect(table.getByRole('row', { name: new RegExp(`^${prefix}`) })).toHaveCount(2);
  await page.getByRole('checkbox', { name: 'Select all 2 shown instances' }).check();
  await page
    .getByRole('toolbar', { name: 'Selected instances' })
    .getByRole('button', { name: 'Migrate', exact: true })
    .click();
  const migrate = page.getByRole('dialog', { name: 'Migrate 2 instances' });
  await migrate.getByText('Another storage pool', { exact: true }).click();
  await migrate.getByRole('combobox', { name: 'Target storage pool' }).selectOption(pool);
  await migrate.getByRole('button', { name: 'Migrate' }).click();
  await expect(migrate.getByRole('status')).toHaveText('2 instances migrated', {
    timeout: 60_000,
  });
  await migrate.getByRole('button', { name: 'Done' }).click();
  // A job of the bulk queue: its panel has it, and the page's end-of-job notification.
  const panel = await openBulkPanel(page);
  await expect(bulkJob(panel, 'Migrate 2 instances')).toContainText('2 of 2 finished: 2 done');
  await panel.getByRole('button', { name: 'Close' }).click();
  expect(await rootPool(lxd, a)).toBe(pool);
  expect(await rootPool(lxd, b)).toBe(pool);

  await page.getByRole('checkbox', { name: 'Select all 2 shown instances' }).check();
  await page
    .getByRole('toolbar', { name: 'Selected instances' })
    .getByRole('button', { name: 'Copy', exact: true })
    .click();
  const copy = page.getByRole('dialog', { name: 'Copy 2 instances' });
  await copy.getByRole('combobox', { name: 'Storage pool' }).selectOption('default');
  await copy.getByRole('button', { name: 'Copy' }).click();
  await expect(copy.getByRole('status')).toHaveText('2 instances copied', { timeout: 60_000 });
  await expect(copy.getByRole('link', { name: `${a}-copy` })).toBeVisible();
  expect(await rootPool(lxd, `${a}-copy`)).toBe('default');
  expect(await rootPool(lxd, `${b}-copy`)).toBe('default');
});
