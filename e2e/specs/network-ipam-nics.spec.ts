/**
 * IPAM and NIC devices on the real LXD (5.0.2): a bridge of our own with a running busybox
 * container on it; IPAM (assembled: 5.0.2 has no network allocations) lists the container's
 * DHCP address with its MAC and network; a NIC added through the instance form gets a static
 * address on that bridge. IPAM from network allocations runs against an intercepted answer.
 */
import { execFileSync } from 'node:child_process';
import { expect, test, uniqueName } from '../fixtures';
import { seriousViolations } from '../support/settings';
import { fetchForRoute, sync } from '../support/answers';
import { LxdApi } from '../support/lxd-api';

/** The page's notice on a server without network allocations (IpamPage's ASSEMBLED_NOTICE). */
const ASSEMBLED = /no network allocations API .* the list is assembled from the networks/;
const IPAM = '/ui/project/default/network-ipam';

interface Network {
  name: string;
  config: Record<string, string>;
}

/** A /24 in 10.190–199.x that neither the host's routes nor the e2e LXD's networks use. */
async function freeSubnet(lxd: LxdApi): Promise<string> {
  const routes = execFileSync('ip', ['-4', 'route'], { encoding: 'utf8' });
  const networks = await lxd.get<Network[]>('/1.0/networks?recursion=1');
  const used = networks.map((network) => network.config['ipv4.address'] ?? '').join('\n');
  for (;;) {
    const second = 190 + Math.floor(Math.random() * 10);
    const third = 1 + Math.floor(Math.random() * 254);
    const prefix = `10.${String(second)}.${String(third)}.`;
    if (!routes.includes(prefix) && !used.includes(prefix)) return prefix;
  }
}

/** Interface names have at most 15 characters. */
function bridgeName(): string {
  return `ipm${Date.now().toString(36).slice(-6)}${Math.random().toString(36).slice(2, 5)}`;
}

let bridge = '';
let prefix = '';

test.beforeAll(async () => {
  const lxd = await LxdApi.open('admin');
  try {
    prefix = await freeSubnet(lxd);
    bridge = bridgeName();
    await lxd.run('POST', '/1.0/networks', {
      name: bridge,
      type: 'bridge',
      description: 'IPAM and NIC e2e',
      config: {
        'ipv4.address': `${prefix}1/24`,
        'ipv4.nat': 'false',
        'ipv4.dhcp': 'true',
        'ipv6.address': 'none',
      },
    });
  } finally {
    await lxd.dispose();
  }
});

test.afterAll(async () => {
  // The instances went after each test (track): the bridge is free to go.
  const lxd = await LxdApi.open('admin');
  try {
    if (bridge) await lxd.run('DELETE', `/1.0/networks/${bridge}`);
  } finally {
    await lxd.dispose();
  }
});

interface InstanceState {
  network: Record<string, { hwaddr: string; addresses: { family: string; address: string }[] }>;
}

/** A running busybox container whose eth0 is on the test bridge; waits for its DHCP IPv4. */
async function runningOnBridge(lxd: LxdApi, name: string) {
  await lxd.run('POST', '/1.0/instances', {
    name,
    type: 'container',
    source: { type: 'image', alias: 'busybox' },
    devices: { eth0: { type: 'nic', network: bridge, name: 'eth0' } },
  });
  await lxd.setState(name, 'start');
  let address = '';
  let hwaddr = '';
  await expect
    .poll(
      async () => {
        const state = await lxd.get<InstanceState>(`/1.0/instances/${name}/state`);
        const eth0 = state.network.eth0;
        address = eth0?.addresses.find((item) => item.family === 'inet')?.address ?? '';
        hwaddr = eth0?.hwaddr ?? '';
        return address;
      },
      { timeout: 30_000 },
    )
    .toMatch(new RegExp(`^${prefix.replace(/\./g, '\\.')}\\d+$`));
  return { address, hwaddr };
}

test("IPAM lists a running container's DHCP address with its MAC and network", async ({
  page,
  lxd,
  track,
}) => {
  const name = track(uniqueName('ipam'));
  const { address, hwaddr } = await runningOnBridge(lxd, name);

  await page.goto(`${IPAM}?network=${bridge}`);
  await expect(page.getByRole('heading', { level: 1, name: 'IPAM' })).toBeVisible();
  await expect(page.getByRole('note')).toHaveText(ASSEMBLED);
  await expect(page.getByRole('combobox', { name: 'Network' })).toHaveValue(bridge);
  const table = page.getByRole('table', { name: 'IP addresses' });
  const row = table.getByRole('row', { name: new RegExp(`${address.replace(/\./g, '\\.')}/32`) });
  await expect(row).toContainText('Instance');
  await expect(row).toContainText(hwaddr.toLowerCase());
  await expect(row.getByRole('link', { name, exact: true })).toHaveAttribute(
    'href',
    `/ui/project/default/instance/${name}`,
  );
  await expect(row.getByRole('link', { name: bridge, exact: true })).toHaveAttribute(
    'href',
    `/ui/project/default/network/${bridge}`,
  );
  // The bridge's own address; nothing of other networks under this filter.
  await expect(table.getByRole('row', { name: new RegExp(`${prefix}1/24`) })).toContainText(
    'Network',
  );
  await expect(table.getByRole('row')).toHaveCount(3);

  // The search finds the container by its MAC address.
  await page.getByRole('searchbox', { name: 'Search addresses' }).fill(hwaddr.slice(-5));
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(page).toHaveURL(/search=/);
});

test('a NIC added through the instance form gets a static address on the bridge', async ({
  page,
  lxd,
  track,
}) => {
  const name = track(uniqueName('nic'));
  await lxd.createInstance(name);
  const puts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PUT' && request.url().includes(`/1.0/instances/${name}`)) {
      puts.push(request.postData() ?? '');
    }
  });
  await page.goto(`/ui/project/default/instance/${name}/configuration/devices`);
  await page.getByRole('button', { name: 'Add network' }).click();
  // The default profile gives eth0: the new NIC is eth1.
  const card = page.getByRole('group', { name: 'eth1 (nic)' });
  const network = card.getByRole('combobox', { name: 'Network' });
  await expect(network.getByRole('option', { name: bridge, exact: true })).toBeAttached();
  await network.selectOption(bridge);
  const ipv4 = card.getByRole('textbox', { name: 'IPv4 address' });

  // A bad address: the message next to the field, and saving sends nothing.
  await ipv4.fill(`${prefix}300`);
  await ipv4.blur();
  await expect(card.getByRole('alert')).toHaveText('Invalid IP address');
  await expect(ipv4).toHaveAccessibleDescription('Invalid IP address');
  await page.getByRole('button', { name: /^Save \d+ changes?$/ }).click();
  await expect(card.getByRole('alert')).toHaveText('Invalid IP address');

  const good = `${prefix}50`;
  await ipv4.fill(good);
  await ipv4.blur();
  await expect(card.getByRole('alert')).toHaveCount(0);
  const saved = page.waitForResponse(
    (response) =>
      response.request().method() === 'PUT' && response.url().includes(`/1.0/instances/${name}`),
  );
  await page.getByRole('button', { name: /^Save \d+ changes?$/ }).click();
  expect((await saved).ok()).toBe(true);
  // Only the good address went out: the bad one was never sent.
  expect(puts).toHaveLength(1);
  expect(puts[0]).toContain(good);

  await expect
    .poll(
      async () =>
        (await lxd.get<{ devices: Record<string, unknown> }>(`/1.0/instances/${name}`)).devices
          .eth1,
    )
    .toEqual({ type: 'nic', network: bridge, 'ipv4.address': good });
  // LXD now holds a static lease for it, which IPAM shows.
  await page.goto(`${IPAM}?network=${bridge}`);
  const row = page
    .getByRole('table', { name: 'IP addresses' })
    .getByRole('row', { name: new RegExp(`${good.replace(/\./g, '\\.')}/32`) });
  await expect(row.getByRole('link', { name, exact: true })).toBeVisible();
});

test('IPAM reads network allocations where the server has them', async ({ page }) => {
  // LXD 5.0.2 has no network allocations (5.0.3+). Make the console see the extension by adding
  // only its name to the real GET /1.0 answer, and answer only that endpoint, shaped like the
  // LXD 6 reference (doc/rest-api.yaml, NetworkAllocations).
  await page.route(
    (url) => url.pathname === '/1.0',
    async (route) => {
      const response = await fetchForRoute(route);
      const body = (await response.json()) as { metadata: { api_extensions: string[] } };
      body.metadata.api_extensions = [...body.metadata.api_extensions, 'network_allocations'];
      await route.fulfill({ response, json: body });
    },
  );
  const asked: string[] = [];
  await page.route(
    (url) => url.pathname === '/1.0/network-allocations',
    async (route) => {
      asked.push(route.request().url());
      await route.fulfill({
        json: sync([
          {
            addresses: '10.210.0.1/24',
            hwaddr: '',
            nat: true,
            network: 'ovnuplink',
            type: 'network',
            used_by: '/1.0/networks/ovnuplink',
          },
          {
            addresses: '10.210.0.7/32',
            hwaddr: '00:16:3e:5a:7b:9c',
            nat: true,
            network: 'ovnuplink',
            type: 'instance',
            used_by: '/1.0/instances/web7',
          },
          {
            addresses: '10.210.0.100/32',
            hwaddr: '',
            nat: false,
            network: 'ovnuplink',
            type: 'network-load-balancer',
            used_by: '/1.0/networks/ovnuplink/load-balancers/10.210.0.100',
          },
        ]),
      });
    },
  );
  await page.goto(IPAM);
  const table = page.getByRole('table', { name: 'IP addresses' });
  const instance = table.getByRole('row', { name: /10\.210\.0\.7\/32/ });
  await expect(instance).toContainText('00:16:3e:5a:7b:9c');
  await expect(instance.getByRole('link', { name: 'web7' })).toHaveAttribute(
    'href',
    '/ui/project/default/instance/web7',
  );
  await expect(
    table
      .getByRole('row', { name: /10\.210\.0\.100\/32/ })
      .getByRole('link', { name: 'Load balancer on ovnuplink' }),
  ).toHaveAttribute('href', '/ui/project/default/network/ovnuplink/load-balancers');
  await expect(table.getByRole('row')).toHaveCount(4);
  await expect(page.getByRole('note')).toHaveCount(0);
  expect(new URL(asked[0] ?? '').searchParams.get('project')).toBe('default');
});

test('the IPAM page passes an axe scan', async ({ page, lxd, track }) => {
  await runningOnBridge(lxd, track(uniqueName('axe')));
  await page.goto(IPAM);
  await expect(page.getByRole('table', { name: 'IP addresses' })).toBeVisible();
  const serious = await seriousViolations(page, 'IPAM');
  expect(serious).toEqual([]);
});
