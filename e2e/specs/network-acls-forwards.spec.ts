/**
 * Network ACLs and forwards on the real LXD 5.0.2, through the console against the daemon
 * (load balancers, which need OVN, are in network-ovn.spec.ts). Every test makes its own bridge
 * (own name and subnet) and cleans up what it made.
 */
import type { Request } from '@playwright/test';
import { expect, test, uniqueName, INCUS } from '../fixtures';
import { createTestBridge } from '../support/networks';
import { seriousViolations } from '../support/settings';
import type { LxdApi } from '../support/lxd-api';
import { setEditorText } from '../support/instance-ui';

interface Acl {
  name: string;
  description: string;
  ingress: Record<string, string>[];
  egress: Record<string, string>[];
  used_by: string[];
}

interface Forward {
  listen_address: string;
  description: string;
  config: Record<string, string>;
  ports: Record<string, string>[];
}

/** A bridge name of at most 15 characters (Linux interface names), unique across runs. */
function bridgeName(prefix: string): string {
  return `${prefix}${Date.now().toString(36).slice(-6)}${Math.random().toString(36).slice(2, 5)}`;
}

async function removeQuietly(lxd: LxdApi, path: string) {
  await lxd.call('DELETE', path).catch(() => undefined);
}

/** Sets or clears a network's security.acls (PUT of the whole network, as read). */
async function setNetworkAcls(lxd: LxdApi, network: string, acls: string | undefined) {
  const current = await lxd.get<{ description: string; config: Record<string, string> }>(
    `/1.0/networks/${network}`,
  );
  const config = { ...current.config };
  if (acls === undefined) delete config['security.acls'];
  else config['security.acls'] = acls;
  await lxd.run('PUT', `/1.0/networks/${network}`, { description: current.description, config });
}

/** A running busybox container whose only NIC is on `network`; resolves with its DHCP IPv4. */
async function containerOn(lxd: LxdApi, name: string, network: string): Promise<string> {
  await lxd.run('POST', '/1.0/instances?project=default', {
    name,
    type: 'container',
    source: { type: 'image', alias: 'busybox' },
    devices: { eth0: { type: 'nic', network, name: 'eth0' } },
  });
  await lxd.setState(name, 'start');
  let address = '';
  await expect
    .poll(
      async () => {
        const state = await lxd.get<{
          network: Record<
            string,
            { addresses: { family: string; address: string; scope: string }[] }
          > | null;
        }>(`/1.0/instances/${name}/state`);
        address =
          state.network?.eth0?.addresses.find((a) => a.family === 'inet' && a.scope === 'global')
            ?.address ?? '';
        return address;
      },
      { timeout: 30_000, message: `${name} gets a DHCP lease on ${network}` },
    )
    .toMatch(/^10\.197\.\d+\.\d+$/);
  return address;
}

test('create a network ACL with an ingress rule, see it used by a network, edit and delete it', async ({
  page,
  lxd,
}) => {
  test.setTimeout(90_000);
  const acl = uniqueName('acl');
  const network = bridgeName('acl');
  try {
    await createTestBridge(lxd, network, 'e2e network ACLs and forwards');
    await page.goto('/ui/project/default/network-acls');
    await expect(page.getByRole('heading', { name: 'Network ACLs', level: 1 })).toBeVisible();
    await page.getByRole('link', { name: 'Create network ACL' }).first().click();
    await expect(page).toHaveURL(/\/ui\/project\/default\/network-acls\/create$/);

    await page.getByLabel('Name', { exact: true }).fill(acl);
    await page.getByLabel('Description').fill('Made by the e2e test');
    await page.getByRole('button', { name: 'Add ingress rule' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add ingress rule' });
    await dialog.getByLabel('Protocol').selectOption('tcp');
    await dialog.getByLabel('Source', { exact: true }).fill('10.0.0.0/8');
    await dialog.getByLabel('Destination ports').fill('80,65536');
    await dialog.getByRole('button', { name: 'Add rule' }).click();
    await expect(dialog.getByText(/^Ports must be numbers from 1 to 65535/)).toBeVisible();
    await dialog.getByLabel('Destination ports').fill('80,443');
    await dialog.getByRole('button', { name: 'Add rule' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('row', { name: 'Ingress rule 1' })).toContainText('80,443');
    await page.getByRole('button', { name: 'Create network ACL' }).click();

    await expect(page).toHaveURL(new RegExp(`/ui/project/default/network-acl/${acl}$`));
    await expect(page.getByRole('heading', { name: acl, level: 1 })).toBeVisible();
    const created = await lxd.get<Acl>(`/1.0/network-acls/${acl}`);
    expect(created.description).toBe('Made by the e2e test');
    expect(created.ingress).toEqual([
      {
        action: 'allow',
        state: 'enabled',
        protocol: 'tcp',
        source: '10.0.0.0/8',
        destination_port: '80,443',
      },
    ]);

    // Attach it to our bridge through the API: the page follows (lifecycle events).
    await setNetworkAcls(lxd, network, acl);
    await page.getByRole('tab', { name: 'Used by' }).click();
    const networks = page.getByRole('region', { name: 'Used by networks' });
    await expect(networks.getByRole('link', { name: network, exact: true })).toHaveAttribute(
      'href',
      `/ui/project/default/network/${network}`,
    );
    const remove = page.getByRole('button', { name: 'Delete' });
    await expect(remove).toBeDisabled();
    await expect(remove).toHaveAttribute(
      'title',
      `This network ACL is used by 1 network (${network}). Remove it from them before deleting it.`,
    );
    await page.goto(`/ui/project/default/network-acls?search=${acl}`);
    await expect(page.getByRole('row', { name: acl })).toContainText(
      `${acl}Made by the e2e test101`,
    );

    // Edit: an egress rule, saved with If-Match.
    await page.getByRole('link', { name: acl, exact: true }).click();
    await page.getByRole('button', { name: 'Add egress rule' }).click();
    const egress = page.getByRole('dialog', { name: 'Add egress rule' });
    await egress.getByLabel('Action').selectOption('drop');
    await egress.getByLabel('Protocol').selectOption('icmp4');
    await egress.getByLabel('ICMP type').fill('8');
    await egress.getByRole('button', { name: 'Add rule' }).click();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText(`Network ACL ${acl} was saved.`).first()).toBeVisible();
    await expect
      .poll(async () => (await lxd.get<Acl>(`/1.0/network-acls/${acl}`)).egress)
      .toMatchObject([{ action: 'drop', state: 'enabled', protocol: 'icmp4', icmp_type: '8' }]);

    // YAML mode: a parse error points at its line and nothing is saved.
    await page.getByRole('button', { name: 'YAML' }).click();
    await setEditorText(page, 'Network ACL YAML', 'description: x\ningress: [\n');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: /^Line \d+, column \d+: / }),
    ).toBeVisible();
    expect((await lxd.get<Acl>(`/1.0/network-acls/${acl}`)).description).toBe(
      'Made by the e2e test',
    );
    await page.getByRole('button', { name: 'Revert changes' }).click();

    // Detached, it can be deleted.
    await setNetworkAcls(lxd, network, undefined);
    await expect(page.getByRole('button', { name: 'Delete' })).toBeEnabled();
    await page.getByRole('button', { name: 'Delete' }).click();
    await page
      .getByRole('dialog', { name: 'Delete network ACL' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(page).toHaveURL(/\/ui\/project\/default\/network-acls$/);
    await expect
      .poll(
        async () => (await lxd.call('GET', `/1.0/network-acls/${acl}`).catch(() => null)) === null,
      )
      .toBe(true);
  } finally {
    await setNetworkAcls(lxd, network, undefined).catch(() => undefined);
    await removeQuietly(lxd, `/1.0/network-acls/${acl}`);
    await removeQuietly(lxd, `/1.0/networks/${network}`);
  }
});

test(
  'create a forward with two port rules to a running container; invalid ports send nothing',
  INCUS,
  async ({ page, lxd }) => {
    test.setTimeout(120_000);
    const network = bridgeName('fwd');
    const container = uniqueName('fwdc');
    let gateway = '';
    try {
      gateway = await createTestBridge(lxd, network, 'e2e network ACLs and forwards');
      const address = await containerOn(lxd, container, network);
      const writes: Request[] = [];
      page.on('request', (request) => {
        if (request.method() !== 'GET' && request.url().includes('/forwards')) writes.push(request);
      });

      await page.goto(`/ui/project/default/network/${network}/forwards`);
      await expect(page.getByRole('heading', { name: 'No forwards yet' })).toBeVisible();
      await page.getByRole('link', { name: 'Create forward' }).first().click();
      await expect(page).toHaveURL(new RegExp(`/network/${network}/forwards/create$`));

      await page
        .getByRole('combobox', { name: 'Pick the listen address from the network' })
        .selectOption({ label: `${gateway} (${network})` });
      await expect(page.getByRole('textbox', { name: 'Listen address' })).toHaveValue(gateway);
      await page
        .getByRole('textbox', { name: 'Description', exact: true })
        .first()
        .fill('e2e forward');

      await page.getByRole('button', { name: 'Add port rule' }).click();
      const first = page.getByRole('group', { name: 'Port rule 1' });
      const listen = first.getByLabel('Listen ports');
      await listen.fill('1,2,3,4,5,6,7,8,9,10,11');
      await listen.blur();
      await expect(first.getByText('At most 10 ports or port ranges are allowed')).toBeVisible();
      await page.getByRole('button', { name: 'Create forward' }).click();
      await expect(listen).toBeFocused();
      await listen.fill('65536');
      await expect(
        first.getByText(
          'Ports must be numbers from 1 to 65535, separated by commas, ranges with a dash (80,443,8000-8080)',
        ),
      ).toBeVisible();
      await page.getByRole('button', { name: 'Create forward' }).click();
      await expect(page).toHaveURL(new RegExp(`/network/${network}/forwards/create$`));
      expect(writes).toEqual([]);

      await listen.fill('8080');
      await first
        .getByRole('combobox', { name: 'Pick the target of port rule 1 from the instances' })
        .selectOption({ label: `${container} (eth0) ${address}` });
      await expect(first.getByLabel('Target address')).toHaveValue(address);
      await first.getByLabel('Target ports').fill('80');

      await page.getByRole('button', { name: 'Add port rule' }).click();
      const second = page.getByRole('group', { name: 'Port rule 2' });
      await second.getByLabel('Protocol').selectOption('udp');
      await second.getByLabel('Listen ports').fill('5353,6000-6005');
      await second
        .getByRole('combobox', { name: 'Pick the target of port rule 2 from the instances' })
        .selectOption({ label: `${container} (eth0) ${address}` });
      await page.getByRole('button', { name: 'Create forward' }).click();

      await expect(page).toHaveURL(new RegExp(`/ui/project/default/network/${network}/forwards$`));
      expect(writes.map((request) => request.method())).toEqual(['POST']);
      const forward = await lxd.get<Forward>(`/1.0/networks/${network}/forwards/${gateway}`);
      expect(forward.description).toBe('e2e forward');
      expect(forward.ports).toEqual([
        {
          description: '',
          protocol: 'tcp',
          listen_port: '8080',
          target_address: address,
          target_port: '80',
        },
        {
          description: '',
          protocol: 'udp',
          listen_port: '5353,6000-6005',
          target_address: address,
          target_port: '',
        },
      ]);
      const row = page.getByRole('row', { name: gateway });
      await expect(row).toContainText(`TCP 8080 → ${address}:80`);
      await expect(row).toContainText(`UDP 5353,6000-6005 → ${address}`);

      // Edit it (PUT), then delete it from the list.
      await row.getByRole('link', { name: `Edit forward ${gateway}` }).click();
      await expect(page.getByRole('heading', { name: `Edit forward ${gateway}` })).toBeVisible();
      await page
        .getByRole('textbox', { name: 'Description', exact: true })
        .first()
        .fill('e2e forward, edited');
      await page.getByRole('button', { name: 'Remove port rule 2' }).click();
      await page.getByRole('button', { name: 'Save changes' }).click();
      await expect(page).toHaveURL(new RegExp(`/network/${network}/forwards$`));
      const edited = await lxd.get<Forward>(`/1.0/networks/${network}/forwards/${gateway}`);
      expect(edited.description).toBe('e2e forward, edited');
      expect(edited.ports).toHaveLength(1);

      await page
        .getByRole('row', { name: gateway })
        .getByRole('button', { name: `Delete forward ${gateway}` })
        .click();
      await page
        .getByRole('dialog', { name: `Delete forward ${gateway}` })
        .getByRole('button', { name: 'Delete' })
        .click();
      await expect(page.getByRole('heading', { name: 'No forwards yet' })).toBeVisible();
      expect(await lxd.get<Forward[]>(`/1.0/networks/${network}/forwards?recursion=1`)).toEqual([]);
    } finally {
      if (gateway) await removeQuietly(lxd, `/1.0/networks/${network}/forwards/${gateway}`);
      await lxd.deleteInstance(container).catch(() => undefined);
      await removeQuietly(lxd, `/1.0/networks/${network}`);
    }
  },
);

test('network ACL and forward screens pass an axe scan', async ({ page, lxd }) => {
  test.setTimeout(90_000);
  const acl = uniqueName('axeacl');
  const network = bridgeName('axe');
  const found: string[] = [];
  try {
    await createTestBridge(lxd, network, 'e2e network ACLs and forwards');
    await lxd.run('POST', '/1.0/network-acls', {
      name: acl,
      description: 'axe',
      ingress: [{ action: 'allow', state: 'enabled', protocol: 'tcp', destination_port: '22' }],
      egress: [{ action: 'reject', state: 'logged' }],
      config: {},
    });
    await page.goto(`/ui/project/default/network-acls?search=${acl}`);
    await expect(page.getByRole('row', { name: acl })).toBeVisible();
    found.push(...(await seriousViolations(page, 'ACL list')));

    await page.goto(`/ui/project/default/network-acl/${acl}`);
    await expect(page.getByRole('table', { name: 'Ingress rules' })).toBeVisible();
    found.push(...(await seriousViolations(page, 'ACL detail/rules')));
    await page.getByRole('button', { name: 'Edit ingress rule 1' }).click();
    await expect(page.getByRole('dialog', { name: 'Edit ingress rule 1' })).toBeVisible();
    found.push(...(await seriousViolations(page, 'ACL rule dialog')));
    await page.keyboard.press('Escape');
    await page.getByRole('tab', { name: 'Used by' }).click();
    await expect(page.getByText('Nothing uses this network ACL.', { exact: false })).toBeVisible();
    found.push(...(await seriousViolations(page, 'ACL detail/used by')));
    await page.getByRole('tab', { name: 'Log' }).click();
    await expect(page.getByRole('button', { name: 'Refresh log' })).toBeEnabled();
    found.push(...(await seriousViolations(page, 'ACL detail/log')));

    await page.goto('/ui/project/default/network-acls/create');
    await expect(page.getByRole('heading', { name: 'Create a network ACL' })).toBeVisible();
    found.push(...(await seriousViolations(page, 'ACL create')));

    await page.goto(`/ui/project/default/network/${network}/forwards/create`);
    await page.getByRole('button', { name: 'Add port rule' }).click();
    await page.getByRole('button', { name: 'Create forward' }).click();
    await expect(page.getByText('Listen address is required')).toBeVisible();
    found.push(...(await seriousViolations(page, 'forward form')));
    expect(found).toEqual([]);
  } finally {
    await removeQuietly(lxd, `/1.0/network-acls/${acl}`);
    await removeQuietly(lxd, `/1.0/networks/${network}`);
  }
});
