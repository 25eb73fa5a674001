/**
 * OVN networks and their load balancers. LXD 5.0.2 here has no OVN northbound database and no
 * load balancers, so only those are answered in the browser, with bodies shaped like the LXD 6
 * reference (doc/rest-api.yaml: Network, NetworkState, NetworkLoadBalancer): the OVN networks'
 * own calls (`/1.0/networks/{ovn}…`, the OVN create POST, the OVN rows of the list) and the
 * `network_load_balancer` extension. The uplink bridge, the rest of the network list, the server
 * and everything else are the real daemon.
 */
import type { Page, Route } from '@playwright/test';
import { expect, test, uniqueName } from '../fixtures';
import { fetchForRoute, sync } from '../support/answers';
import { createTestBridge } from '../support/networks';

interface OvnNetwork {
  name: string;
  description: string;
  type: 'ovn';
  managed: true;
  status: 'Created';
  project: string;
  locations: string[];
  config: Record<string, string>;
  used_by: string[];
}

interface LoadBalancer {
  listen_address: string;
  description: string;
  config: Record<string, string>;
  backends: { name: string; description: string; target_address: string; target_port: string }[];
  ports: { description: string; protocol: string; listen_port: string; target_backend: string[] }[];
  location: string;
}

const notFound = (what: string) => ({
  status: 404,
  json: { type: 'error', error_code: 404, error: `${what} not found` },
});

/** LXD wants DHCP ranges apart from the OVN router ranges on an uplink. */
const UPLINK_RANGES = (subnet: string) => ({
  'ipv4.dhcp.ranges': `${subnet}.10-${subnet}.99`,
  'ipv4.ovn.ranges': `${subnet}.100-${subnet}.150`,
});

/** A bridge name of at most 15 characters (Linux interface names), unique across runs. */
function bridgeName(prefix: string): string {
  return `${prefix}${Date.now().toString(36).slice(-6)}${Math.random().toString(36).slice(2, 5)}`;
}

/**
 * Answers the OVN networks in `store` (and their load balancers) as an LXD 6 server with OVN
 * would, and records every write. Everything else goes to the real LXD.
 */
async function fakeOvn(page: Page, store: Map<string, OvnNetwork>) {
  const balancers = new Map<string, Map<string, LoadBalancer>>();
  const writes: { method: string; path: string; body: unknown }[] = [];

  await page.route(
    (url) => url.pathname === '/1.0',
    async (route) => {
      const response = await fetchForRoute(route);
      const body = (await response.json()) as { metadata: { api_extensions: string[] } };
      body.metadata.api_extensions = [...body.metadata.api_extensions, 'network_load_balancer'];
      await route.fulfill({ response, json: body });
    },
  );

  // The list: the real networks plus the OVN ones; an OVN create is answered here.
  await page.route(
    (url) => url.pathname === '/1.0/networks',
    async (route) => {
      const request = route.request();
      if (request.method() === 'POST') {
        const body = request.postDataJSON() as Pick<
          OvnNetwork,
          'name' | 'description' | 'config'
        > & { type: string };
        if (body.type !== 'ovn') {
          await route.continue();
          return;
        }
        writes.push({ method: 'POST', path: '/1.0/networks', body });
        store.set(body.name, {
          name: body.name,
          description: body.description,
          type: 'ovn',
          managed: true,
          status: 'Created',
          project: 'default',
          locations: ['none'],
          config: { ...body.config, 'volatile.network.ipv4.address': '10.197.0.120' },
          used_by: [],
        });
        await route.fulfill({ json: sync({}) });
        return;
      }
      const response = await fetchForRoute(route);
      const body = (await response.json()) as { metadata: unknown[] };
      const recursive = new URL(request.url()).searchParams.get('recursion') === '1';
      const extra = [...store.values()].map((network) =>
        recursive ? network : `/1.0/networks/${network.name}`,
      );
      await route.fulfill({ response, json: { ...body, metadata: [...body.metadata, ...extra] } });
    },
  );

  const ovnPath = (pathname: string) => {
    const match = /^\/1\.0\/networks\/([^/]+)(\/.*)?$/.exec(pathname);
    if (!match?.[1]) return undefined;
    const name = decodeURIComponent(match[1]);
    return store.has(name) ? { name, rest: match[2] ?? '' } : undefined;
  };

  await page.route(
    (url) => ovnPath(url.pathname) !== undefined,
    async (route: Route) => {
      const request = route.request();
      const method = request.method();
      const { name, rest } = ovnPath(new URL(request.url()).pathname) ?? { name: '', rest: '' };
      const network = store.get(name);
      if (!network) {
        await route.fulfill(notFound('Network'));
        return;
      }
      if (rest === '') {
        if (method === 'GET') {
          await route.fulfill({ json: sync(network), headers: { ETag: `"${name}-etag"` } });
        } else if (method === 'PUT' || method === 'PATCH') {
          const body = request.postDataJSON() as Pick<OvnNetwork, 'description' | 'config'>;
          writes.push({ method, path: request.url(), body });
          store.set(name, { ...network, ...body });
          await route.fulfill({ json: sync({}) });
        } else if (method === 'DELETE') {
          writes.push({ method, path: request.url(), body: null });
          store.delete(name);
          await route.fulfill({ json: sync({}) });
        } else {
          await route.fulfill({ status: 405, json: { type: 'error', error_code: 405 } });
        }
        return;
      }
      if (rest === '/state') {
        await route.fulfill({
          json: sync({
            addresses: [],
            bond: null,
            bridge: null,
            counters: {
              bytes_received: 0,
              bytes_sent: 0,
              packets_received: 0,
              packets_sent: 0,
            },
            hwaddr: '00:16:3e:4b:9a:01',
            mtu: 1442,
            ovn: { chassis: 'e2e-chassis' },
            state: 'up',
            type: 'broadcast',
            vlan: null,
          }),
        });
        return;
      }
      if (rest === '/leases' || rest === '/forwards') {
        await route.fulfill({ json: sync([]) });
        return;
      }
      if (rest.startsWith('/load-balancers')) {
        const own = balancers.get(name) ?? new Map<string, LoadBalancer>();
        balancers.set(name, own);
        const address = decodeURIComponent(rest.replace(/^\/load-balancers\/?/, ''));
        if (method === 'GET' && address === '') {
          await route.fulfill({ json: sync([...own.values()]) });
        } else if (method === 'POST') {
          // The console leaves empty fields out; LXD answers them as empty strings.
          const body = request.postDataJSON() as Omit<LoadBalancer, 'backends' | 'ports'> & {
            backends: Partial<LoadBalancer['backends'][number]>[];
            ports: Partial<LoadBalancer['ports'][number]>[];
          };
          writes.push({ method, path: request.url(), body });
          own.set(body.listen_address, {
            ...body,
            backends: body.backends.map((b) => ({
              name: '',
              target_address: '',
              description: '',
              target_port: '',
              ...b,
            })),
            ports: body.ports.map((p) => ({
              protocol: '',
              listen_port: '',
              target_backend: [],
              description: '',
              ...p,
            })),
            location: '',
          });
          await route.fulfill({ json: sync({}) });
        } else if (method === 'DELETE') {
          writes.push({ method, path: request.url(), body: null });
          own.delete(address);
          await route.fulfill({ json: sync({}) });
        } else {
          const found = own.get(address);
          await route.fulfill(
            found ? { json: sync(found), headers: { ETag: '"lb1"' } } : notFound('Load balancer'),
          );
        }
        return;
      }
      await route.fulfill(notFound('Endpoint'));
    },
  );
  return { writes, balancers };
}

test('an OVN network is created on a real uplink bridge, shown with its uplink, and gets a load balancer', async ({
  page,
  lxd,
}) => {
  test.setTimeout(90_000);
  const uplink = bridgeName('up');
  const seed = uniqueName('ovnseed');
  const name = uniqueName('ovn');
  const store = new Map<string, OvnNetwork>();
  // One OVN network already there: the proof, for the console, that OVN works on this server.
  store.set(seed, {
    name: seed,
    description: 'OVN network made elsewhere',
    type: 'ovn',
    managed: true,
    status: 'Created',
    project: 'default',
    locations: ['none'],
    config: { network: 'UPLINK', 'ipv4.address': '10.90.0.1/24', 'ipv6.address': 'none' },
    used_by: [],
  });
  try {
    const gateway = await createTestBridge(lxd, uplink, 'e2e OVN uplink', UPLINK_RANGES);
    const seedNetwork = store.get(seed);
    if (seedNetwork) seedNetwork.config.network = uplink;
    const { writes } = await fakeOvn(page, store);

    await page.goto(`/ui/project/default/networks?search=${seed}`);
    await expect(page.getByRole('row', { name: seed })).toContainText('OVN');

    await page.goto('/ui/project/default/networks/create');
    await page.getByRole('combobox', { name: 'Type' }).selectOption('ovn');
    await page.getByRole('textbox', { name: 'Name' }).fill(name);
    await page.getByRole('textbox', { name: 'Description' }).fill('OVN through the console');
    // The uplink is required: nothing is sent without one.
    await page.getByRole('button', { name: 'Create network' }).click();
    await expect(page.getByRole('combobox', { name: 'Uplink' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(writes).toEqual([]);
    // Only managed bridges and physical networks are offered as uplinks (not the OVN one).
    const uplinks = page.getByRole('combobox', { name: 'Uplink' });
    await expect(uplinks.getByRole('option', { name: uplink })).toHaveCount(1);
    await expect(uplinks.getByRole('option', { name: seed })).toHaveCount(0);
    await uplinks.selectOption(uplink);

    const sections = page.getByRole('navigation', { name: 'Network configuration sections' });
    await sections.getByRole('button', { name: 'IPv4' }).click();
    await page.getByRole('combobox', { name: 'IPv4 address' }).selectOption('custom');
    await page.getByRole('textbox', { name: 'IPv4 address (CIDR)' }).fill('10.91.0.1/24');
    await sections.getByRole('button', { name: 'IPv6' }).click();
    await page.getByRole('combobox', { name: 'IPv6 address' }).selectOption('none');
    await page.getByRole('button', { name: 'Create network' }).click();

    await expect(page).toHaveURL(new RegExp(`/ui/project/default/network/${name}$`));
    expect(writes).toEqual([
      {
        method: 'POST',
        path: '/1.0/networks',
        body: {
          name,
          description: 'OVN through the console',
          type: 'ovn',
          config: { network: uplink, 'ipv4.address': '10.91.0.1/24', 'ipv6.address': 'none' },
        },
      },
    ]);
    const general = page.getByRole('region', { name: 'General' });
    await expect(general.getByText('OVN', { exact: true })).toBeVisible();
    await expect(general.getByRole('link', { name: uplink })).toBeVisible();
    await expect(page.getByRole('region', { name: 'State' })).toContainText('e2e-chassis');

    // The uplink bridge is real and has no load balancers tab (LXD has them on OVN only).
    await general.getByRole('link', { name: uplink }).click();
    await expect(page.getByRole('heading', { name: uplink, level: 1 })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Forwards' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Load balancers' })).toHaveCount(0);
    await page.goBack();

    // A load balancer on the OVN network.
    await page.getByRole('tab', { name: 'Load balancers' }).click();
    await expect(page).toHaveURL(new RegExp(`/network/${name}/load-balancers$`));
    await expect(page.getByRole('heading', { name: 'No load balancers yet' })).toBeVisible();
    await page.getByRole('button', { name: 'Create load balancer' }).click();
    await expect(page.getByRole('heading', { name: 'Create a load balancer' })).toBeFocused();
    const listen = gateway.replace(/\.1$/, '.120');
    await page.getByRole('textbox', { name: 'Listen address' }).fill(listen);
    await page.getByRole('button', { name: 'Add backend' }).click();
    const backend = page.getByRole('group', { name: 'Backend 1' });
    await backend.getByLabel('Name').fill('web1');
    await backend.getByLabel('Target address').fill('10.91.0.20');
    await backend.getByLabel('Target ports').fill('8080');
    await page.getByRole('button', { name: 'Add port' }).click();
    const port = page.getByRole('group', { name: 'Port 1' });
    await port.getByLabel('Listen ports').fill('65536');
    const before = writes.length;
    await page.getByRole('button', { name: 'Create load balancer' }).click();
    await expect(port.getByText(/^Ports must be numbers from 1 to 65535/)).toBeVisible();
    await expect(port.getByText('Choose at least one backend')).toBeVisible();
    expect(writes).toHaveLength(before);
    await port.getByLabel('Listen ports').fill('80');
    // Vanilla's checkbox label covers the input: click the label, as a user does.
    await port.getByText('web1', { exact: true }).click();
    await expect(port.getByRole('checkbox', { name: 'web1' })).toBeChecked();
    await page.getByRole('button', { name: 'Create load balancer' }).click();

    const row = page.getByRole('row', { name: listen });
    await expect(row).toContainText('web1 10.91.0.20:8080');
    await expect(row).toContainText('TCP 80 → web1');
    expect(writes.at(-1)).toEqual({
      method: 'POST',
      path: expect.stringContaining(`/1.0/networks/${name}/load-balancers`) as unknown,
      body: {
        listen_address: listen,
        description: '',
        config: {},
        backends: [{ name: 'web1', target_address: '10.91.0.20', target_port: '8080' }],
        ports: [{ protocol: 'tcp', listen_port: '80', target_backend: ['web1'] }],
      },
    });

    await row.getByRole('button', { name: `Delete load balancer ${listen}` }).click();
    await page
      .getByRole('dialog', { name: `Delete load balancer ${listen}` })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(page.getByRole('heading', { name: 'No load balancers yet' })).toBeVisible();
    expect(writes.at(-1)?.method).toBe('DELETE');

    // Deleting the OVN network.
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Delete network' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(page).toHaveURL(/\/ui\/project\/default\/networks$/);
    expect(store.has(name)).toBe(false);
  } finally {
    await lxd.call('DELETE', `/1.0/networks/${uplink}`).catch(() => undefined);
  }
});
