/**
 * Copying and moving instances between servers (issue #32, "Moving between servers"): from the
 * e2e LXD (`local`, the default remote) to the real cluster (`cluster`) in push mode (the
 * cluster members live in network namespaces and cannot reach 127.0.0.1:18444, so the source
 * connects to the target), and the refusal of an Incus or unreachable target.
 */
import type { Page } from '@playwright/test';
import { expect, test, uniqueName } from '../fixtures';
import { clusterName } from '../support/cluster';
import { LxdApi } from '../support/lxd-api';
import { seriousViolations } from '../support/settings';
import { readClusterEnv } from '../../scripts/lib/cluster';

let cluster: LxdApi;
const onCluster: string[] = [];
/** Custom volumes made on the cluster's pool `local` of member m1. */
const volumesOnCluster: string[] = [];

test.beforeAll(async () => {
  const env = readClusterEnv();
  if (!env) throw new Error('the e2e cluster is not running (the remotes project needs it)');
  cluster = await LxdApi.openAt(env.url, env.cert, env.key);
});

test.afterAll(async () => {
  for (const name of onCluster) await cluster.deleteInstance(name);
  for (const name of volumesOnCluster) {
    await cluster
      .run('DELETE', `/1.0/storage-pools/local/volumes/custom/${name}?project=default&target=m1`)
      .catch(() => undefined);
  }
  await cluster.dispose();
});

/** A stopped busybox container on the e2e LXD with a user key to recognise it by. */
async function stoppedInstance(lxd: LxdApi, name: string, mark: string) {
  await lxd.createInstance(name);
  await lxd.run('PATCH', `/1.0/instances/${name}?project=default`, {
    config: { 'user.mark': mark },
  });
}

/** Another server: the cluster, its pool `local` (dir) on a member, the source pushes. */
async function chooseCluster(page: Page, dialogName: string | RegExp, memberName = 'm2') {
  const dialog = page.getByRole('dialog', { name: dialogName });
  await dialog.getByRole('combobox', { name: 'Target server' }).selectOption('cluster');
  await expect(
    dialog.getByRole('combobox', { name: 'Target project' }).getByRole('option', {
      name: 'default',
      exact: true,
    }),
  ).toBeAttached({ timeout: 15_000 });
  await dialog.getByRole('combobox', { name: 'Target project' }).selectOption('default');
  const pool = dialog.getByRole('combobox', { name: 'Target storage pool' });
  await expect(pool.getByRole('option', { name: 'local', exact: true })).toBeAttached();
  await pool.selectOption('local');
  const member = dialog.getByRole('combobox', { name: 'Target member' });
  await expect(member.getByRole('option', { name: memberName, exact: true })).toBeAttached();
  await member.selectOption(memberName);
  await dialog.getByRole('radio', { name: 'Source pushes' }).check({ force: true });
  return dialog;
}

test('a stopped instance is copied to the cluster (push): there with its config, still here', async ({
  page,
  lxd,
  track,
}) => {
  const name = track(clusterName('mcp'));
  onCluster.push(name);
  await stoppedInstance(lxd, name, 'copied');

  await page.goto(`/ui/project/default/instances?search=${encodeURIComponent(name)}`);
  const table = page.getByRole('table', { name: 'Instances' });
  await expect(table.getByRole('row', { name: new RegExp(`^${name}`) })).toHaveCount(1);
  await page.getByRole('checkbox', { name: /^Select all 1 shown/ }).check({ force: true });
  await page
    .getByRole('toolbar', { name: 'Selected instances' })
    .getByRole('button', { name: 'Copy', exact: true })
    .click();
  const copy = page.getByRole('dialog', { name: 'Copy 1 instance' });
  await copy.getByRole('radio', { name: 'Another server' }).check({ force: true });
  await chooseCluster(page, 'Copy 1 instance');
  await copy.getByRole('button', { name: 'Copy', exact: true }).click();
  await expect(copy.getByRole('status')).toBeVisible({ timeout: 120_000 });
  await expect(copy.getByRole('list', { name: 'Copy progress' })).not.toContainText('failed');
  await expect(copy.getByRole('status')).toHaveText('1 instance copied');

  const copied = await cluster.get<{ config: Record<string, string>; location: string }>(
    `/1.0/instances/${name}?project=default`,
  );
  expect(copied.config['user.mark']).toBe('copied');
  expect(copied.location).toBe('m2');
  expect(await lxd.instanceExists(name)).toBe(true);
});

test('a stopped instance is moved to the cluster; Incus and an unreachable remote are refused with the reason', async ({
  page,
  lxd,
  track,
}) => {
  const name = track(clusterName('mmv'));
  onCluster.push(name);
  await stoppedInstance(lxd, name, 'moved');

  await page.goto(`/ui/project/default/instance/${name}`);
  await page
    .getByRole('group', { name: 'Instance actions' })
    .getByRole('button', { name: 'Migrate' })
    .click();
  const dialog = page.getByRole('dialog', { name: `Migrate ${name}` });
  await dialog.getByRole('radio', { name: 'Another server' }).check({ force: true });
  const server = dialog.getByRole('combobox', { name: 'Target server' });
  const submit = dialog.getByRole('button', { name: 'Migrate', exact: true });

  await server.selectOption('incus');
  await expect(dialog.getByRole('status')).toHaveText(
    'LXD and Incus servers cannot migrate instances to each other',
  );
  await expect(submit).toBeDisabled();
  await server.selectOption('gone');
  await expect(dialog.getByRole('status')).toHaveText(
    'Server gone is unreachable: it cannot receive instances',
  );
  await expect(submit).toBeDisabled();

  await chooseCluster(page, `Migrate ${name}`);
  await expect(submit).toBeEnabled();
  expect(await seriousViolations(page, 'migrate dialog, another server')).toEqual([]);
  await submit.click();
  await expect(dialog.getByRole('status')).toBeVisible({ timeout: 120_000 });
  await expect(dialog.getByRole('list', { name: 'Migration progress' })).not.toContainText(
    'failed',
  );
  await expect(dialog.getByRole('status')).toHaveText('1 instance migrated');

  const moved = await cluster.get<{ config: Record<string, string>; location: string }>(
    `/1.0/instances/${name}?project=default`,
  );
  expect(moved.config['user.mark']).toBe('moved');
  expect(moved.location).toBe('m2');
  expect(await lxd.instanceExists(name)).toBe(false);
});

test('a custom volume is moved to a cluster member (push): there with its config, gone here', async ({
  page,
  lxd,
}) => {
  const name = uniqueName('mvol');
  volumesOnCluster.push(name);
  await lxd.run('POST', '/1.0/storage-pools/default/volumes/custom?project=default', {
    name,
    config: { 'user.mark': 'moved' },
  });
  try {
    await page.goto(`/ui/project/default/storage/pool/default/volumes/custom/${name}`);
    await page.getByRole('button', { name: 'Move', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Move volume ${name}` });
    await dialog
      .getByRole('group', { name: 'Move to' })
      .getByRole('radio', { name: 'Another server' })
      .check({ force: true });
    await chooseCluster(page, `Move volume ${name}`, 'm1');
    await dialog.getByRole('button', { name: 'Move', exact: true }).click();
    await expect(dialog).toBeHidden({ timeout: 120_000 });
    await expect(page.getByText('Volume moved').first()).toBeVisible();

    const moved = await cluster.get<{ config: Record<string, string>; location: string }>(
      `/1.0/storage-pools/local/volumes/custom/${name}?project=default&target=m1`,
    );
    expect(moved.config['user.mark']).toBe('moved');
    const left = await lxd
      .get(`/1.0/storage-pools/default/volumes/custom/${name}?project=default`)
      .then(
        () => true,
        () => false,
      );
    expect(left).toBe(false);
  } finally {
    await lxd
      .run('DELETE', `/1.0/storage-pools/default/volumes/custom/${name}?project=default`)
      .catch(() => undefined);
  }
});

test('a stopped instance is moved from the cluster to local (the target pulls)', async ({
  page,
  lxd,
  track,
}) => {
  const name = track(clusterName('mpl'));
  onCluster.push(name);
  await cluster.createInstance(name);
  await cluster.run('PATCH', `/1.0/instances/${name}?project=default`, {
    config: { 'user.mark': 'pulled' },
  });

  await page.goto(`/ui/remote/cluster/project/default/instance/${name}`);
  await page
    .getByRole('group', { name: 'Instance actions' })
    .getByRole('button', { name: 'Migrate' })
    .click();
  const dialog = page.getByRole('dialog', { name: `Migrate ${name}` });
  await dialog.getByRole('radio', { name: 'Another server' }).check({ force: true });
  await dialog.getByRole('combobox', { name: 'Target server' }).selectOption('local');
  const pool = dialog.getByRole('combobox', { name: 'Target storage pool' });
  await expect(pool.getByRole('option', { name: 'default', exact: true })).toBeAttached({
    timeout: 15_000,
  });
  await pool.selectOption('default');
  await expect(dialog.getByRole('combobox', { name: 'Target member' })).toHaveCount(0);
  await expect(dialog.getByRole('radio', { name: 'Target pulls' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Migrate', exact: true }).click();
  await expect(dialog.getByRole('status')).toBeVisible({ timeout: 120_000 });
  await expect(dialog.getByRole('list', { name: 'Migration progress' })).not.toContainText(
    'failed',
  );
  await expect(dialog.getByRole('status')).toHaveText('1 instance migrated');

  expect((await lxd.instance(name)).config['user.mark']).toBe('pulled');
  expect(await cluster.instanceExists(name)).toBe(false);
});
