/**
 * Several servers in one console (issue #32): the console server of the `remotes` project
 * (global-setup.ts) fronts the e2e LXD as its default remote `local`, the Incus daemon as
 * `incus`, the three-member cluster as `cluster`, and `gone`, an address where nothing listens.
 * Every remote's API is at /remote/<name>/1.0 (HTTP and the event websocket), the console's
 * address carries the remote (/ui/remote/<name>/…), and the remote switcher keeps the section.
 */
import type { Page } from '@playwright/test';
import { expect, test, uniqueName } from '../fixtures';
import { clusterName } from '../support/cluster';
import { INCUS_URL, incusCerts } from '../support/env';
import { instanceRow } from '../support/live';
import { LxdApi } from '../support/lxd-api';
import { seriousViolations } from '../support/settings';
import { readClusterEnv } from '../../scripts/lib/cluster';

interface RemoteState {
  name: string;
  default: boolean;
  state: string;
  kind: string | null;
  version: string | null;
  clustered: boolean | null;
  error?: string;
}

let incus: LxdApi;
let cluster: LxdApi;
const created: { api: () => LxdApi; name: string }[] = [];

test.beforeAll(async () => {
  incus = await LxdApi.openAt(INCUS_URL, incusCerts.admin.cert, incusCerts.admin.key);
  const env = readClusterEnv();
  if (!env) throw new Error('the e2e cluster is not running (the remotes project needs it)');
  cluster = await LxdApi.openAt(env.url, env.cert, env.key);
});

test.afterAll(async () => {
  for (const { api, name } of created) await api().deleteInstance(name);
  await incus.dispose();
  await cluster.dispose();
});

/** Cells of a fleet row after its row header (Remote): State, Server, Members, Instances, … */
const FLEET_COLUMN_INDEX: Record<string, number> = {
  state: 0,
  server: 1,
  members: 2,
  instances: 3,
};

/** The remote switcher of the side navigation, opened. */
async function openSwitcher(page: Page) {
  const toggle = page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('button', { name: /^Remote / });
  await toggle.click();
  return page.getByRole('navigation', { name: 'Remotes' });
}

async function switchTo(page: Page, remote: string) {
  const remotes = await openSwitcher(page);
  await remotes.getByRole('link', { name: new RegExp(`^${remote} `) }).click();
}

test('each remote answers at /remote/<name>/1.0, and /console/remotes says how each one is', async ({
  request,
}) => {
  const listed = await request.get('/console/remotes');
  expect(listed.status()).toBe(200);
  const { remotes } = (await listed.json()) as { remotes: RemoteState[] };
  expect(remotes.map((remote) => remote.name)).toEqual(['local', 'incus', 'cluster', 'gone']);
  const byName = Object.fromEntries(remotes.map((remote) => [remote.name, remote]));
  expect(byName.local).toMatchObject({
    default: true,
    state: 'online',
    kind: 'lxd',
    version: '5.0.2',
    clustered: false,
  });
  expect(byName.incus).toMatchObject({ default: false, state: 'online', kind: 'incus' });
  expect(byName.incus?.version).toMatch(/^6\.0\./);
  expect(byName.cluster).toMatchObject({ state: 'online', kind: 'lxd', clustered: true });
  expect(byName.gone).toMatchObject({ state: 'unreachable', kind: null });
  expect(byName.gone?.error).toContain('connection refused');

  // The same API under each remote's prefix, and the default remote at plain /1.0 too.
  const server = async (path: string) =>
    ((await (await request.get(path)).json()) as { metadata: { environment: { server: string } } })
      .metadata.environment;
  expect((await server('/1.0')).server).toBe('lxd');
  expect((await server('/remote/local/1.0')).server).toBe('lxd');
  expect((await server('/remote/incus/1.0')).server).toBe('incus');
  expect(await server('/remote/cluster/1.0')).toMatchObject({ server_clustered: true });

  const unknown = await request.get('/remote/nowhere/1.0');
  expect(unknown.status()).toBe(404);
  expect(((await unknown.json()) as { error: string }).error).toBe(
    'console server: there is no remote "nowhere"',
  );
  const down = await request.get('/remote/gone/1.0/instances');
  expect(down.status()).toBe(502);
});

test('the console shows each remote at its own address, live, and the switcher lists every remote with its state', async ({
  page,
}) => {
  const onIncus = uniqueName('rmt');
  created.push({ api: () => incus, name: onIncus });
  await incus.createInstance(onIncus);

  await page.goto('/ui/remote/incus/project/default/instances');
  // The details too (status), not only the names.
  await expect(instanceRow(page, onIncus)).toContainText('stopped');
  await expect(page.getByText(/Could not load/)).toHaveCount(0);
  await expect(page).toHaveTitle(/Incus/);

  // Live through Incus's own event stream, reached at /remote/incus/1.0/events.
  const later = uniqueName('rmt');
  created.push({ api: () => incus, name: later });
  await incus.createInstance(later);
  await expect(instanceRow(page, later)).toBeVisible({ timeout: 15_000 });

  const remotes = await openSwitcher(page);
  await expect(remotes.getByRole('link', { name: /^local / })).toContainText('online');
  await expect(remotes.getByRole('link', { name: /^local / })).toContainText('LXD 5.0.2');
  await expect(remotes.getByRole('link', { name: /^incus / })).toContainText(/Incus 6\.0/);
  await expect(remotes.getByRole('link', { name: /^incus / })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(remotes.getByRole('link', { name: /^cluster / })).toContainText('clustered');
  await expect(remotes.getByRole('link', { name: /^gone / })).toContainText('unreachable');
  // The open switcher, with an unreachable remote's error as its description, on an Incus page.
  expect(await seriousViolations(page, 'remote switcher open on remote incus')).toEqual([]);

  // To the cluster: the same section, its instances.
  const onCluster = clusterName('rmt');
  created.push({ api: () => cluster, name: onCluster });
  await cluster.createInstance(onCluster);
  await remotes.getByRole('link', { name: /^cluster / }).click();
  await expect(page).toHaveURL(/\/ui\/remote\/cluster\/project\/default\/instances$/);
  await expect(instanceRow(page, onCluster)).toContainText('stopped');
  await expect(instanceRow(page, onIncus)).toHaveCount(0);

  // The default remote has today's addresses.
  await switchTo(page, 'local');
  await expect(page).toHaveURL(/\/ui\/project\/default\/instances$/);
  await expect(page.getByRole('heading', { name: 'Instances', level: 1 })).toBeVisible();
  await expect(instanceRow(page, onCluster)).toHaveCount(0);
});

test('switching remotes keeps the section, from every section', async ({ page }) => {
  test.setTimeout(180_000);
  const sections = [
    '/project/default/instances',
    '/project/default/profiles',
    '/project/default/networks',
    '/project/default/network-acls',
    '/project/default/storage/pools',
    '/project/default/storage/volumes',
    '/project/default/images',
    '/project/default/configuration',
    '/server',
    '/operations',
    '/warnings',
    '/settings',
    '/permissions/certificates',
  ];
  for (const section of sections) {
    await page.goto(`/ui${section}`);
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toBeVisible();
    const title = (await heading.textContent()) ?? '';
    await switchTo(page, 'cluster');
    await expect(page).toHaveURL(new RegExp(`/ui/remote/cluster${section.replace(/\?.*/, '')}`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await switchTo(page, 'local');
    await expect(page).toHaveURL(new RegExp(`/ui${section.replace(/\?.*/, '')}`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  }
});

test('the fleet lists every remote with its figures from its own API, an unreachable one included', async ({
  page,
  lxd,
}) => {
  await page.goto('/ui/project/default/instances');
  const remotes = await openSwitcher(page);
  await remotes.getByRole('link', { name: 'Fleet: every remote' }).click();
  await expect(page).toHaveURL(/\/ui\/fleet$/);
  await expect(page.getByRole('heading', { name: 'Fleet', level: 1 })).toBeVisible();

  const table = page.getByRole('table', { name: 'Remotes' });
  const row = (name: string) => table.getByRole('row', { name, exact: true });
  const cell = (name: string, column: string) =>
    row(name)
      .getByRole('cell')
      .nth(FLEET_COLUMN_INDEX[column] ?? -1);

  await expect(row('gone')).toContainText('unreachable');
  await expect(row('cluster')).toContainText(/\d of 3 online/);
  await expect(row('incus')).toContainText(/Incus 6\.0/);
  // Each remote's instance count is its own API's (other projects' tests create and delete
  // instances meanwhile: the figure is compared with the API until they agree).
  const count = async (api: LxdApi) =>
    (await api.get<string[]>('/1.0/instances?all-projects=true')).length;
  for (const [name, api] of [
    ['local', lxd],
    ['incus', incus],
    ['cluster', cluster],
  ] as const) {
    await expect
      .poll(
        async () => Number(await cell(name, 'instances').textContent()) === (await count(api)),
        {
          timeout: 40_000,
        },
      )
      .toBe(true);
  }
  expect(await seriousViolations(page, 'fleet')).toEqual([]);
});

test('the fleet instance list shows every remote’s instances, filters by remote, starts them on their own remotes in one go, and stays live', async ({
  page,
  lxd,
}) => {
  test.setTimeout(150_000);
  const onLocal = uniqueName('flt');
  const onIncus = uniqueName('flt');
  const onCluster = clusterName('flt');
  // The `lxd` fixture is the test's: its instance goes at the end of the test.
  created.push({ api: () => incus, name: onIncus }, { api: () => cluster, name: onCluster });
  await Promise.all([
    lxd.createInstance(onLocal),
    incus.createInstance(onIncus),
    cluster.createInstance(onCluster),
  ]);

  try {
    await fleetInstanceList(page, { lxd, onLocal, onIncus, onCluster });
  } finally {
    await lxd.deleteInstance(onLocal);
  }
});

async function fleetInstanceList(
  page: Page,
  {
    lxd,
    onLocal,
    onIncus,
    onCluster,
  }: Record<'onLocal' | 'onIncus' | 'onCluster', string> & {
    lxd: LxdApi;
  },
) {
  await page.goto('/ui/fleet');
  await page.getByRole('link', { name: 'Instances of every remote' }).click();
  await expect(page).toHaveURL(/\/ui\/fleet\/instances$/);
  await expect(page.getByRole('heading', { name: 'Fleet instances', level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: 'Instances of every remote' });
  const row = (name: string) => table.getByRole('row', { name: new RegExp(`^${name} `) });
  await expect(row(onLocal)).toContainText('local');
  await expect(row(onLocal)).toContainText('stopped');
  await expect(row(onIncus)).toContainText('incus');
  await expect(row(onIncus)).toContainText('stopped');
  await expect(row(onCluster)).toContainText('cluster');
  await expect(row(onCluster)).toContainText('stopped');
  // The remote that cannot be reached is named, and holds up none of the others.
  await expect(page.getByRole('status').filter({ hasText: 'gone is unreachable' })).toContainText(
    'Its instances are not listed.',
  );

  // The instance list's search language, with remote:.
  const search = page.getByRole('searchbox', { name: 'Search and filter instances' });
  await search.fill(`remote:incus ${onIncus}`);
  await expect(row(onIncus)).toBeVisible();
  await expect(table.getByRole('row', { name: new RegExp(`^${onLocal} `) })).toHaveCount(0);
  await search.fill('flt');
  await expect(row(onLocal)).toBeVisible();

  // One bulk start reaches each instance on its own remote.
  await table.getByRole('checkbox', { name: `Select ${onLocal} on local` }).check();
  await table.getByRole('checkbox', { name: `Select ${onCluster} on cluster` }).check();
  await page
    .getByRole('toolbar', { name: 'Selected instances' })
    .getByRole('button', { name: 'Start', exact: true })
    .click();
  await page.getByRole('dialog').getByRole('button', { name: 'Start 2 instances' }).click();
  await expect(row(onLocal)).toContainText('running', { timeout: 30_000 });
  await expect(row(onCluster)).toContainText('running', { timeout: 30_000 });
  expect((await lxd.instance(onLocal)).status).toBe('Running');
  expect((await cluster.instance(onCluster)).status).toBe('Running');
  expect((await incus.instance(onIncus)).status).toBe('Stopped');

  // Live through each remote's own event stream.
  const later = uniqueName('flt');
  created.push({ api: () => incus, name: later });
  await incus.createInstance(later);
  await expect(row(later)).toContainText('incus', { timeout: 15_000 });
  await incus.setState(onIncus, 'start');
  await expect(row(onIncus)).toContainText('running', { timeout: 15_000 });

  expect(await seriousViolations(page, 'fleet instances')).toEqual([]);
}
