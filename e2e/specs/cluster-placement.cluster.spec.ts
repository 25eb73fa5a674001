/**
 * Placement and moving instances on the real three-member cluster: create on a member and on a
 * group, migrate a running container to another member, bulk migrate and copy from the list, and
 * a volume created on a member. Every outcome is checked in LXD.
 */
import type { Page } from '@playwright/test';
import { CLUSTER, clusterApi, clusterName, type ClusterApi } from '../support/cluster';
import { expect, test } from '../fixtures';
import { bulkJob, openBulkPanel } from '../support/bulk-queue';

test.describe.configure({ timeout: 120_000 });

let api: ClusterApi;
const created: string[] = [];
const volumes: { name: string; member: string }[] = [];

test.beforeAll(async () => {
  api = await clusterApi();
});

test.afterAll(async () => {
  test.setTimeout(120_000);
  for (const name of created) await api.deleteInstance(name).catch(() => undefined);
  for (const { name, member } of volumes) {
    await api
      .del(`/1.0/storage-pools/${CLUSTER.pool}/volumes/custom/${name}?target=${member}`)
      .catch(() => undefined);
  }
  await api.dispose();
});

const track = (name: string) => {
  created.push(name);
  return name;
};

async function instance(name: string) {
  return api.get<{ status: string; location: string }>(`/1.0/instances/${name}`);
}

/** Creates an instance from busybox through the form, on `target` ('m3', '@gA'). */
async function createInUi(page: Page, name: string, target: string) {
  await page.goto('/ui/project/default/instances/create');
  await page.getByLabel('Instance name').fill(name);
  await page.getByRole('button', { name: 'Browse images' }).click();
  const picker = page.getByRole('dialog', { name: 'Choose an image' });
  await picker.getByRole('button', { name: `Select ${CLUSTER.image}` }).click();
  await expect(picker).toBeHidden();
  const member = page.getByRole('combobox', { name: 'Cluster member' });
  // The members load after the form.
  await expect(member.getByRole('option', { name: 'm3', exact: true })).toBeEnabled();
  await member.selectOption(target);
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/ui/project/default/instance/${name}$`), {
    timeout: 60_000,
  });
}

test('an instance created with target member m3 lands on m3', async ({ page }) => {
  const name = track(clusterName('on3'));
  await createInUi(page, name, 'm3');
  expect((await instance(name)).location).toBe('m3');
});

test('an instance created with target group gA lands on m2', async ({ page }) => {
  const name = track(clusterName('ga'));
  await createInUi(page, name, `@${CLUSTER.group}`);
  expect((await instance(name)).location).toBe('m2');
});

test('a running instance migrated to another member runs there', async ({ page }) => {
  const name = track(clusterName('mv'));
  await api.createInstance(name, 'm1', true);
  expect(await instance(name)).toMatchObject({ location: 'm1', status: 'Running' });
  await page.goto(`/ui/project/default/instance/${name}`);
  await page
    .getByRole('group', { name: 'Instance actions' })
    .getByRole('button', { name: 'Migrate' })
    .click();
  const dialog = page.getByRole('dialog', { name: `Migrate ${name}` });
  await expect(dialog.getByRole('radio', { name: 'Another cluster member' })).toBeChecked();
  const member = dialog.getByRole('combobox', { name: 'Target member' });
  await expect(member.getByRole('option', { name: 'm1 (current location)' })).toBeDisabled();
  await member.selectOption('m3');
  await expect(
    dialog.getByRole('checkbox', {
      name: 'Stop running instances first and start them again after the move',
    }),
  ).toBeChecked();
  await dialog.getByRole('button', { name: 'Migrate' }).click();
  // The outcome is a notification too (the detail page reloads the instance as LXD moves it).
  await expect(page.getByText('1 instance migrated').first()).toBeVisible({ timeout: 90_000 });
  await expect
    .poll(async () => instance(name), { timeout: 30_000 })
    .toMatchObject({ location: 'm3', status: 'Running' });
});

test('two instances are migrated to m2 and copied to m3 from the list', async ({ page }) => {
  const prefix = clusterName('bulk');
  const names = [track(`${prefix}-a`), track(`${prefix}-b`)];
  for (const name of names) await api.createInstance(name, 'm1');
  for (const name of names) track(`${name}-copy`);

  await page.goto(`/ui/project/default/instances?search=${encodeURIComponent(prefix)}`);
  const table = page.getByRole('table', { name: 'Instances' });
  await expect(table.getByRole('row', { name: new RegExp(`^${prefix}`) })).toHaveCount(2);
  await page.getByRole('checkbox', { name: 'Select all 2 shown instances' }).check();
  await page
    .getByRole('toolbar', { name: 'Selected instances' })
    .getByRole('button', { name: 'Migrate', exact: true })
    .click();
  const migrate = page.getByRole('dialog', { name: 'Migrate 2 instances' });
  const member = migrate.getByRole('combobox', { name: 'Target member' });
  await expect(member.getByRole('option', { name: 'm2', exact: true })).toBeEnabled();
  await member.selectOption('m2');
  await migrate.getByRole('button', { name: 'Migrate' }).click();
  await expect(migrate.getByRole('status')).toBeVisible({ timeout: 90_000 });
  await expect(migrate.getByRole('list', { name: 'Migration progress' })).not.toContainText(
    'failed',
  );
  await expect(migrate.getByRole('status')).toHaveText('2 instances migrated');
  await migrate.getByRole('button', { name: 'Done' }).click();
  for (const name of names) expect((await instance(name)).location).toBe('m2');
  // The migration was a job of the bulk queue: its panel has it, each item done.
  const panel = await openBulkPanel(page);
  await expect(bulkJob(panel, 'Migrate 2 instances')).toContainText('2 of 2 finished: 2 done');
  await panel.getByRole('button', { name: 'Close' }).click();
  // The list's Location column (shown in a cluster).
  await expect(
    table
      .getByRole('row', { name: new RegExp(`^${names[0]} `) })
      .getByRole('cell', { name: 'm2', exact: true }),
  ).toBeVisible();

  await page.getByRole('checkbox', { name: 'Select all 2 shown instances' }).check();
  await page
    .getByRole('toolbar', { name: 'Selected instances' })
    .getByRole('button', { name: 'Copy', exact: true })
    .click();
  const copy = page.getByRole('dialog', { name: 'Copy 2 instances' });
  const target = copy.getByRole('combobox', { name: 'Target member' });
  await expect(target.getByRole('option', { name: 'm3', exact: true })).toBeEnabled();
  await target.selectOption('m3');
  await copy.getByRole('button', { name: 'Copy' }).click();
  await expect(copy.getByRole('status')).toBeVisible({ timeout: 90_000 });
  // LXD's error, if any, is on the instance's line.
  await expect(copy.getByRole('list', { name: 'Copy progress' })).not.toContainText('failed');
  await expect(copy.getByRole('status')).toHaveText('2 instances copied');
  for (const name of names) expect((await instance(`${name}-copy`)).location).toBe('m3');
});

test('a volume created with a target member lands on that member', async ({ page }) => {
  const name = clusterName('vol');
  volumes.push({ name, member: 'm3' });
  await page.goto(`/ui/project/default/storage/volumes/create?pool=${CLUSTER.pool}`);
  await page.getByLabel('Name', { exact: true }).fill(name);
  const member = page.getByRole('combobox', { name: 'Cluster member' });
  await expect(member.getByRole('option', { name: 'm3', exact: true })).toBeEnabled();
  await member.selectOption('m3');
  await page.getByRole('button', { name: 'Create volume' }).click();
  await expect(page.getByText(`Volume ${name} was created.`)).toBeVisible({ timeout: 30_000 });
  const volume = await api.get<{ location: string }>(
    `/1.0/storage-pools/${CLUSTER.pool}/volumes/custom/${name}?target=m3`,
  );
  expect(volume.location).toBe('m3');
});
