/**
 * axe scans of the screens only a cluster has that the other cluster specs do not scan: the
 * Cluster group of the side navigation, a member's network and a member's volume
 * (docs/A11Y.md lists every route with the spec that scans it).
 */
import type { Page } from '@playwright/test';
import { expect, test, uniqueName } from '../fixtures';
import { CLUSTER, clusterApi, type ClusterApi } from '../support/cluster';
import { textContrast } from '../support/contrast';
import { seriousViolations } from '../support/settings';

let api: ClusterApi;
const volume = uniqueName('axevol');
/** lxdcnet's gateway on m1 (scripts/cluster/up.sh): a bridge's forwards are per member. */
const LISTEN = '10.202.0.1';

test.beforeAll(async () => {
  api = await clusterApi();
});

test.afterAll(async () => {
  await api
    .del(`/1.0/networks/${CLUSTER.network}/forwards/${LISTEN}?target=m1`)
    .catch(() => undefined);
  await api
    .del(`/1.0/storage-pools/${CLUSTER.pool}/volumes/custom/${volume}?target=m1`)
    .catch(() => undefined);
  await api.dispose();
});

async function scan(page: Page, label: string): Promise<string[]> {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.locator('main .loader')).toHaveCount(0);
  return seriousViolations(page, label);
}

test('the Cluster group open, a member network and a member volume pass an axe scan', async ({
  page,
}) => {
  // Six screens, each scanned by axe (5–15 s a scan on a loaded 2-core machine).
  test.setTimeout(180_000);
  const found: string[] = [];
  await page.goto('/ui/cluster/members');
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  const group = nav.getByRole('button', { name: 'Cluster' });
  await expect(group).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('table', { name: 'Cluster members' })).toBeVisible();
  await page.mouse.move(900, 600);
  expect((await textContrast(group)).ratio).toBeGreaterThanOrEqual(4.5);
  found.push(...(await scan(page, 'Cluster group open')));

  for (const path of [
    `/ui/project/default/member/m1/network/${CLUSTER.network}`,
    `/ui/project/default/member/m1/network/${CLUSTER.network}/configuration`,
  ]) {
    await page.goto(path);
    await expect(page.getByRole('tabpanel')).toBeVisible();
    found.push(...(await scan(page, path)));
  }

  await api.post(`/1.0/storage-pools/${CLUSTER.pool}/volumes/custom?target=m1`, {
    name: volume,
    config: {},
  });
  for (const tab of ['', '/configuration', '/snapshots']) {
    const path = `/ui/project/default/storage/pool/${CLUSTER.pool}/member/m1/volumes/custom/${volume}${tab}`;
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: volume })).toBeVisible();
    found.push(...(await scan(page, path)));
  }
  expect(found).toEqual([]);
});

test('a member-specific network forward opened for editing passes an axe scan', async ({
  page,
}) => {
  await api.post(`/1.0/networks/${CLUSTER.network}/forwards?target=m1`, {
    listen_address: LISTEN,
    description: 'Scanned',
    config: {},
    ports: [{ protocol: 'tcp', listen_port: '80', target_address: '10.202.0.10' }],
  });
  const path = `/ui/project/default/network/${CLUSTER.network}/member/m1/forwards/${LISTEN}/edit`;
  await page.goto(path);
  const descriptions = page.getByRole('textbox', { name: 'Description', exact: true });
  await expect(descriptions).toHaveCount(2);
  await expect
    .poll(() =>
      descriptions.evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value)),
    )
    .toContain('Scanned');
  expect(await scan(page, path)).toEqual([]);
});
