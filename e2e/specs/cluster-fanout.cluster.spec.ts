/**
 * The per-member-then-global creation of storage pools and networks, on the real three-member
 * cluster: each member is sent its own keys with ?target=, then the shared definition.
 */
import { mkdirSync } from 'node:fs';
import { CLUSTER, clusterApi, type ClusterApi } from '../support/cluster';
import { expect, test } from '../fixtures';

test.describe.configure({ timeout: 120_000 });

let api: ClusterApi;
const pools: string[] = [];
const networks: string[] = [];

test.beforeAll(async () => {
  api = await clusterApi();
});

test.afterAll(async () => {
  for (const name of pools) await api.del(`/1.0/storage-pools/${name}`).catch(() => undefined);
  for (const name of networks) await api.del(`/1.0/networks/${name}`).catch(() => undefined);
  await api.dispose();
});

const memberDir = (member: string, name: string) =>
  `/var/lib/lxd-console/cluster/${member}/pools/${name}`;

const stamp = () => `${Date.now().toString(36).slice(-5)}${Math.random().toString(36).slice(2, 4)}`;

interface Pool {
  status: string;
  locations: string[];
  config: Record<string, string>;
}

test('a dir pool created in the form with a source per member is Created on all three', async ({
  page,
}) => {
  const name = `clpool${stamp()}`;
  pools.push(name);
  // A dir pool's source must be an existing directory on each member (the members share this
  // machine's filesystem; each has its own directory).
  const sources = Object.fromEntries(CLUSTER.members.map((m) => [m, memberDir(m, name)]));
  for (const dir of Object.values(sources)) mkdirSync(dir, { recursive: true });
  await page.goto('/ui/project/default/storage/pools/create');
  await page.getByRole('combobox', { name: 'Driver' }).selectOption('dir');
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  for (const member of CLUSTER.members) {
    const section = page.getByRole('region', { name: `Member ${member}` });
    await section.getByRole('textbox', { name: `Source on ${member}` }).fill(sources[member] ?? '');
  }
  await page.getByRole('button', { name: 'Create pool' }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible({ timeout: 30_000 });

  const pool = await api.get<Pool>(`/1.0/storage-pools/${name}`);
  expect(pool.status).toBe('Created');
  expect([...pool.locations].sort()).toEqual(CLUSTER.members);
  // `source` is per member: the global view has none, each member's view has its own.
  expect(pool.config.source).toBeUndefined();
  for (const member of CLUSTER.members) {
    const view = await api.get<Pool>(`/1.0/storage-pools/${name}?target=${member}`);
    expect(view.config.source).toBe(sources[member]);
  }

  // The list shows the pool once per member, each Created.
  await page.goto('/ui/project/default/storage/pools');
  const rows = page.getByRole('table', { name: 'Storage pools' }).getByRole('row', { name });
  await expect(rows).toHaveCount(3);
  for (const member of CLUSTER.members) {
    // By the row's name: a random pool name may itself hold "m2".
    const row = page.getByRole('row', { name: `${name} on ${member}`, exact: true });
    await expect(row).toContainText('Created');
  }
});

test("a member's failure is named, the failed pool is reported, and the console deletes it", async ({
  page,
}) => {
  const name = `clbad${stamp()}`;
  pools.push(name);
  // m1 and m3 get an existing directory, m2 one that does not exist: the per-member definitions
  // are only database rows, so LXD finds out when m1 creates the pool and tells its peers.
  const sources: Record<string, string> = {};
  for (const member of CLUSTER.members) {
    sources[member] = memberDir(member, name);
    if (member !== 'm2') mkdirSync(sources[member], { recursive: true });
  }
  await page.goto('/ui/project/default/storage/pools/create');
  await page.getByRole('combobox', { name: 'Driver' }).selectOption('dir');
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  for (const member of CLUSTER.members) {
    await page
      .getByRole('region', { name: `Member ${member}` })
      .getByRole('textbox', { name: `Source on ${member}` })
      .fill(sources[member] ?? '');
  }
  await page.getByRole('button', { name: 'Create pool' }).click();

  const alert = page.getByRole('alert').filter({ hasText: 'Could not create the storage pool' });
  await expect(alert).toContainText(
    `Error from cluster member m2: Source path '${sources.m2}' doesn't exist`,
    { timeout: 30_000 },
  );
  await expect(alert).toContainText(
    `Storage pool ${name} was left half-created: it is defined on members m1, m2, m3 but its creation failed (status Errored).`,
  );
  const failed = await api.get<Pool>(`/1.0/storage-pools/${name}`);
  expect(failed.status).toBe('Errored');

  await alert.getByRole('button', { name: 'Delete the failed pool' }).click();
  await expect(page.getByText(/half-created/)).toHaveCount(0);
  await expect
    .poll(async () => {
      try {
        await api.get(`/1.0/storage-pools/${name}`);
        return 'exists';
      } catch {
        return 'gone';
      }
    })
    .toBe('gone');
  // What the user typed is still there to fix.
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue(name);
});

test('a bridge created in the form is defined on every member, then Created', async ({ page }) => {
  const name = `clbr${stamp()}`;
  networks.push(name);
  await page.goto('/ui/project/default/networks/create');
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await expect(page.getByRole('combobox', { name: 'Type' })).toHaveValue('bridge');
  const sections = page.getByRole('navigation', { name: 'Network configuration sections' });
  await sections.getByRole('button', { name: 'IPv4' }).click();
  await page.getByRole('combobox', { name: 'IPv4 address' }).selectOption('custom');
  await page.getByRole('textbox', { name: 'IPv4 address (CIDR)' }).fill('10.203.7.1/24');
  await page.getByRole('combobox', { name: 'NAT' }).selectOption('false');
  await sections.getByRole('button', { name: 'IPv6' }).click();
  await page.getByRole('combobox', { name: 'IPv6 address' }).selectOption('none');
  await page.getByRole('button', { name: 'Create network' }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible({ timeout: 30_000 });

  const network = await api.get<{
    status: string;
    locations: string[];
    config: Record<string, string>;
  }>(`/1.0/networks/${name}`);
  expect(network.status).toBe('Created');
  expect([...network.locations].sort()).toEqual(CLUSTER.members);
  expect(network.config['ipv4.address']).toBe('10.203.7.1/24');
});
