/**
 * The real three-member cluster, the tests that take a member out: evacuate and restore through
 * the member page, and a member whose daemon stops and starts again while the console is open.
 * They run after the other cluster specs (project `cluster-disruptive`), one after the other.
 */
import type { Page } from '@playwright/test';
import {
  clusterApi,
  clusterName,
  startClusterMember,
  stopClusterMember,
  type ClusterApi,
} from '../support/cluster';
import { expect, test } from '../fixtures';

test.describe.configure({ mode: 'serial', timeout: 180_000 });

let api: ClusterApi;
const created: string[] = [];

test.beforeAll(async () => {
  api = await clusterApi();
});

test.afterAll(async () => {
  test.setTimeout(120_000);
  for (const name of created) await api.deleteInstance(name).catch(() => undefined);
  await api.dispose();
});

async function statusOf(name: string): Promise<{ status: string; location: string }> {
  return api.get<{ status: string; location: string }>(`/1.0/instances/${name}`);
}

async function memberStatus(member: string): Promise<string> {
  return (await api.get<{ status: string }>(`/1.0/cluster/members/${member}`)).status;
}

function instanceRow(page: Page, name: string) {
  return page
    .getByRole('table', { name: 'Instances' })
    .getByRole('row', { name: new RegExp(`^${name} `) });
}

test('evacuating a member moves its running containers off it and restoring brings them back', async ({
  page,
}) => {
  const names = [clusterName('evac'), clusterName('evac')];
  for (const name of names) {
    created.push(name);
    await api.createInstance(name, 'm2', true);
  }
  for (const name of names) expect(await statusOf(name)).toMatchObject({ location: 'm2' });

  await page.goto('/ui/cluster/member/m2');
  await page.getByRole('button', { name: 'Evacuate', exact: true }).click();
  const evacuate = page.getByRole('dialog', { name: 'Evacuate m2' });
  await evacuate.getByRole('button', { name: 'Evacuate' }).click();
  // The outcome the user sees: the notification once LXD's operation has ended.
  await expect(page.getByText('Member m2 evacuated').first()).toBeVisible({ timeout: 60_000 });
  // LXD 5.0.2 stops, moves and starts each container (a few seconds each on this machine).
  await expect
    .poll(async () => Promise.all(names.map(statusOf)), { timeout: 60_000 })
    .toEqual(
      names.map(() =>
        expect.objectContaining({ status: 'Running', location: expect.not.stringMatching(/^m2$/) }),
      ),
    );
  expect(await memberStatus('m2')).toBe('Evacuated');
  await expect(page.getByRole('button', { name: 'Restore', exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Restore', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Restore m2' })
    .getByRole('button', { name: 'Restore' })
    .click();
  await expect(page.getByText('Member m2 restored').first()).toBeVisible({ timeout: 60_000 });
  await expect
    .poll(async () => Promise.all(names.map(statusOf)), { timeout: 60_000 })
    .toEqual(names.map(() => expect.objectContaining({ status: 'Running', location: 'm2' })));
  expect(await memberStatus('m2')).toBe('Online');
  await expect(page.getByRole('button', { name: 'Evacuate', exact: true })).toBeVisible();
});

test('a member whose daemon stops is shown offline with its instances in error, and recovers without a reload', async ({
  page,
}) => {
  const onM3 = clusterName('off');
  const onM1 = clusterName('on');
  created.push(onM3, onM1);
  await api.createInstance(onM3, 'm3', true);
  await api.createInstance(onM1, 'm1', true);

  await page.goto('/ui/project/default/instances');
  await expect(instanceRow(page, onM3)).toContainText(/running/i);
  await expect(instanceRow(page, onM1)).toContainText(/running/i);
  const warning = page.getByRole('link', { name: 'Member m3 is offline' });
  await expect(warning).toHaveCount(0);

  const stoppedAt = Date.now();
  await stopClusterMember('m3');
  try {
    // Heartbeats: LXD calls m3 offline about 8 s after its daemon stops (offline_threshold 11 s);
    // the console asks for the members every 5 s.
    await expect(warning).toBeVisible({ timeout: 30_000 });
    const detectedAfter = Date.now() - stoppedAt;
    await expect(instanceRow(page, onM3)).toContainText(/error/i);
    await expect(instanceRow(page, onM1)).toContainText(/running/i);
    test.info().annotations.push({
      type: 'measured',
      description: `m3 shown offline ${(detectedAfter / 1000).toFixed(1)} s after its daemon stopped`,
    });

    // The rest of the console keeps working: the members list says which member is down.
    await warning.click();
    const members = page.getByRole('table', { name: 'Cluster members' });
    const memberRow = (name: string) =>
      members.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });
    await expect(memberRow('m3')).toContainText('Offline');
    await expect(memberRow('m1')).toContainText('Online');

    // A call that needs m3 reports LXD's error (after LXD's own ~10 s wait).
    await page.goto(`/ui/project/default/instance/${onM3}`);
    await expect(page.getByText(/Missing event connection with target cluster member/)).toBeVisible(
      {
        timeout: 30_000,
      },
    );
    await page.goto('/ui/project/default/instances');
  } finally {
    await startClusterMember('m3');
  }

  // Back without a reload: the warning goes, m3's container runs again (LXD restarts it).
  await expect(warning).toHaveCount(0, { timeout: 30_000 });
  await expect(instanceRow(page, onM3)).toContainText(/running/i, { timeout: 30_000 });
  expect(await memberStatus('m3')).toBe('Online');
});
