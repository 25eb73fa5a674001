/**
 * Networks on the real LXD (5.0.2): a bridge created, edited, renamed and deleted through the
 * console; a running busybox container's DHCP lease on it; the duplicate-name message; deleting
 * a network in use refused with the reason; axe scans. Every bridge gets its own name (at most
 * 15 characters: it is a host interface) and its own 10.197.N.0/24 subnet, away from the
 * harness bridges (10.181–10.184), without NAT or IPv6, and is removed afterwards (containers
 * first).
 */
import { networkInterfaces } from 'node:os';
import { expect, test, uniqueName } from '../fixtures';
import { seriousViolations } from '../support/settings';
import type { LxdApi } from '../support/lxd-api';

interface ApiNetwork {
  name: string;
  type: string;
  description: string;
  config: Record<string, string>;
  used_by: string[] | null;
}

let serial = 0;

/** A bridge name of at most 15 characters, unique across runs and workers. */
function bridgeName(): string {
  serial += 1;
  const stamp = Date.now().toString(36).slice(-5);
  const random = Math.random().toString(36).slice(2, 5);
  return `nw${stamp}${random}${String(serial)}`.slice(0, 15);
}

/**
 * A /24 for one bridge: 10.197.N.1/24 with a random N that no interface of this machine uses
 * (every LXD here, dev and e2e alike, shares the host's network namespace).
 */
function subnet(): { cidr: string; prefix: string } {
  const used = new Set(
    Object.values(networkInterfaces())
      .flat()
      .map((address) => address?.address ?? '')
      .filter((address) => address.startsWith('10.197.'))
      .map((address) => address.split('.')[2]),
  );
  const free = Array.from({ length: 254 }, (_, i) => String(i + 1)).filter((n) => !used.has(n));
  const n = free[Math.floor(Math.random() * free.length)] ?? '1';
  return { cidr: `10.197.${n}.1/24`, prefix: `10.197.${n}.` };
}

const networkUrl = (name: string) => `/1.0/networks/${encodeURIComponent(name)}?project=default`;

async function networkExists(lxd: LxdApi, name: string): Promise<boolean> {
  try {
    await lxd.get(networkUrl(name));
    return true;
  } catch {
    return false;
  }
}

async function removeNetwork(lxd: LxdApi, name: string) {
  if (await networkExists(lxd, name)) await lxd.run('DELETE', networkUrl(name));
}

async function createBridge(lxd: LxdApi, name: string, cidr: string) {
  await lxd.run('POST', '/1.0/networks?project=default', {
    name,
    type: 'bridge',
    description: 'e2e bridge',
    config: {
      'ipv4.address': cidr,
      'ipv4.nat': 'false',
      'ipv4.dhcp': 'true',
      'ipv6.address': 'none',
    },
  });
}

/** A busybox container whose eth0 is on `network` (udhcpc asks it for an address). */
async function createContainerOn(lxd: LxdApi, name: string, network: string) {
  await lxd.run('POST', '/1.0/instances?project=default', {
    name,
    type: 'container',
    source: { type: 'image', alias: 'busybox' },
    devices: { eth0: { type: 'nic', network, name: 'eth0' } },
  });
}

test('create a bridge through the form, see it in LXD, edit, rename and delete it', async ({
  page,
  lxd,
}) => {
  const name = bridgeName();
  const renamed = bridgeName();
  const { cidr } = subnet();
  try {
    await page.goto('/ui/project/default/networks');
    await expect(page.getByRole('heading', { name: 'Networks', level: 1 })).toBeVisible();
    await page.getByRole('link', { name: 'Create network' }).click();
    await expect(page).toHaveURL(/\/ui\/project\/default\/networks\/create$/);

    await page.getByRole('textbox', { name: 'Name' }).fill(name);
    await page.getByRole('textbox', { name: 'Description' }).fill('Made by the e2e test');
    await expect(page.getByRole('combobox', { name: 'Type' })).toHaveValue('bridge');
    const sections = page.getByRole('navigation', { name: 'Network configuration sections' });

    await sections.getByRole('button', { name: 'IPv4' }).click();
    await page.getByRole('combobox', { name: 'IPv4 address' }).selectOption('custom');
    const address = page.getByRole('textbox', { name: 'IPv4 address (CIDR)' });
    // A subnet address is refused next to the field before anything is sent.
    await address.fill(cidr.replace(/\.1\/24$/, '.0/24'));
    await address.blur();
    await expect(
      page.getByText('Use an address inside the subnet, not the subnet itself'),
    ).toBeVisible();
    await address.fill(cidr);
    await page.getByRole('combobox', { name: 'NAT' }).selectOption('false');
    await page.getByRole('combobox', { name: 'DHCP', exact: true }).selectOption('true');

    await sections.getByRole('button', { name: 'IPv6' }).click();
    await page.getByRole('combobox', { name: 'IPv6 address' }).selectOption('none');

    await sections.getByRole('button', { name: 'DNS' }).click();
    await page.getByRole('textbox', { name: 'Domain', exact: true }).fill('e2e.test');
    await page.getByRole('button', { name: 'Create network' }).click();

    await expect(page).toHaveURL(new RegExp(`/ui/project/default/network/${name}$`));
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    const created = await lxd.get<ApiNetwork>(networkUrl(name));
    expect(created.type).toBe('bridge');
    expect(created.description).toBe('Made by the e2e test');
    expect(created.config).toMatchObject({
      'ipv4.address': cidr,
      'ipv4.nat': 'false',
      'ipv4.dhcp': 'true',
      'ipv6.address': 'none',
      'dns.domain': 'e2e.test',
    });
    // The overview shows the state LXD reports for the new bridge.
    await expect(
      page.getByRole('region', { name: 'General' }).getByText(cidr, { exact: true }),
    ).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'State' }).getByText('Up', { exact: true }),
    ).toBeVisible();

    // Edit: a key and the description, saved with If-Match.
    await page.getByRole('tab', { name: 'Configuration' }).click();
    await page.getByRole('textbox', { name: 'Description' }).fill('Edited by the e2e test');
    await sections.getByRole('button', { name: 'DNS' }).click();
    await expect(page).toHaveURL(new RegExp(`/network/${name}/configuration/dns$`));
    await page.getByRole('textbox', { name: 'Domain', exact: true }).fill('edited.test');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect
      .poll(async () => {
        const network = await lxd.get<ApiNetwork>(networkUrl(name));
        return [network.description, network.config['dns.domain']];
      })
      .toEqual(['Edited by the e2e test', 'edited.test']);
    await expect(page.getByRole('button', { name: 'Save changes' })).toBeDisabled();

    // Rename, then delete.
    await page.getByRole('button', { name: 'Rename' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rename network' });
    await dialog.getByLabel('New name').fill('lxce2e0');
    await expect(dialog.getByText('A network with this name already exists')).toBeVisible();
    await dialog.getByLabel('New name').fill(renamed);
    await dialog.getByRole('button', { name: 'Rename' }).click();
    await expect(page).toHaveURL(new RegExp(`/ui/project/default/network/${renamed}`));
    await expect(page.getByRole('heading', { name: renamed, level: 1 })).toBeVisible();
    expect(await networkExists(lxd, name)).toBe(false);
    expect((await lxd.get<ApiNetwork>(networkUrl(renamed))).config['dns.domain']).toBe(
      'edited.test',
    );

    await page.getByRole('button', { name: 'Delete' }).click();
    await page
      .getByRole('dialog', { name: 'Delete network' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(page).toHaveURL(/\/ui\/project\/default\/networks$/);
    expect(await networkExists(lxd, renamed)).toBe(false);
  } finally {
    await removeNetwork(lxd, name);
    await removeNetwork(lxd, renamed);
  }
});

test('a running container on the bridge gets a DHCP lease shown in Leases; the bridge in use cannot be deleted', async ({
  page,
  lxd,
}) => {
  const network = bridgeName();
  const instance = uniqueName('nwc');
  const { cidr, prefix } = subnet();
  await createBridge(lxd, network, cidr);
  try {
    await createContainerOn(lxd, instance, network);
    await lxd.setState(instance, 'start');

    await page.goto(`/ui/project/default/network/${network}/leases`);
    const table = page.getByRole('table', { name: 'DHCP leases' });
    const lease = table.getByRole('row', { name: new RegExp(instance) });
    // busybox's udhcpc asks for an address at boot; the tab polls the leases.
    await expect(lease).toContainText('dynamic', { timeout: 30_000 });
    await expect(lease).toContainText(prefix);
    await expect(lease).toContainText(/([0-9a-f]{2}:){5}[0-9a-f]{2}/);

    await page.getByRole('tab', { name: 'Overview' }).click();
    const usedBy = page.getByRole('region', { name: 'Used by instances' });
    await expect(usedBy.getByRole('link', { name: instance })).toHaveAttribute(
      'href',
      `/ui/project/default/instance/${instance}`,
    );
    const remove = page.getByRole('button', { name: 'Delete' });
    await expect(remove).toBeDisabled();
    await expect(remove).toHaveAttribute(
      'title',
      `This network is used by 1 instance (${instance}). Remove it from them before deleting it.`,
    );
    expect(await networkExists(lxd, network)).toBe(true);
  } finally {
    await lxd.deleteInstance(instance);
    await removeNetwork(lxd, network);
  }
});

test('a taken name is refused with the spec message and nothing is created', async ({ page }) => {
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/1.0/networks') {
      posts.push(request.url());
    }
  });
  await page.goto('/ui/project/default/networks/create');
  const name = page.getByRole('textbox', { name: 'Name' });
  // The e2e LXD's own bridge.
  await name.fill('lxce2e0');
  await expect(page.getByText('A network with this name already exists')).toBeVisible();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('button', { name: 'Create network' }).click();
  await expect(page.getByText('A network with this name already exists')).toBeVisible();
  await expect(page).toHaveURL(/\/networks\/create$/);
  expect(posts).toEqual([]);
});

test('YAML mode: a parse error points at its line and keeps YAML mode', async ({ page }) => {
  await page.goto('/ui/project/default/networks/create');
  await page.getByRole('textbox', { name: 'Name' }).fill('yamlnet');
  const sections = page.getByRole('navigation', { name: 'Network configuration sections' });
  await sections.getByRole('button', { name: 'YAML configuration' }).click();
  const editor = page.getByRole('textbox', { name: 'YAML configuration' });
  await expect(editor).toContainText('name: yamlnet');
  await editor.fill('name: yamlnet\ndescription: [unclosed\n');
  await sections.getByRole('button', { name: 'Main configuration' }).click();
  await expect(page.getByRole('alert')).toContainText(/^Line \d+, column \d+: /);
  await expect(sections.getByRole('button', { name: 'YAML configuration' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  // Fixed YAML goes back into the form.
  await editor.fill('name: yamlnet2\ndescription: from yaml\n');
  await sections.getByRole('button', { name: 'Main configuration' }).click();
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('yamlnet2');
  await expect(page.getByRole('textbox', { name: 'Description' })).toHaveValue('from yaml');
});

test('network screens pass an axe scan', async ({ page, lxd }) => {
  const network = bridgeName();
  const { cidr } = subnet();
  await createBridge(lxd, network, cidr);
  try {
    const serious: string[] = [];
    for (const path of [
      '/ui/project/default/networks',
      '/ui/project/default/networks/create',
      `/ui/project/default/network/${network}`,
      `/ui/project/default/network/${network}/configuration`,
      `/ui/project/default/network/${network}/configuration/ipv4`,
      `/ui/project/default/network/${network}/leases`,
      '/ui/project/default/network/lxce2e0',
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('main .loader')).toHaveCount(0);
      serious.push(...(await seriousViolations(page, path)));
    }
    expect(serious).toEqual([]);
  } finally {
    await removeNetwork(lxd, network);
  }
});
