import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testAuth } from '../../../testing/render';
import { fakeLxd, renderAt, type FakeCall } from '../../../testing/fake-lxd';
import { ForwardsTab } from './ForwardsTab';
import { ForwardFormPage } from './pages/ForwardFormPage';

afterEach(() => {
  vi.unstubAllGlobals();
});

const network = {
  name: 'br0',
  type: 'bridge',
  description: '',
  managed: true,
  config: { 'ipv4.address': '10.190.5.1/24', 'ipv6.address': 'none' },
  used_by: [],
};
const state = {
  addresses: [{ family: 'inet', address: '10.190.5.1', netmask: '24', scope: 'global' }],
  counters: null,
  hwaddr: '',
  mtu: 1500,
  state: 'up',
  type: 'broadcast',
};
const instances = [
  {
    name: 'c1',
    devices: {},
    expanded_devices: { eth0: { type: 'nic', network: 'br0', name: 'eth0' } },
    state: {
      network: {
        eth0: {
          addresses: [{ family: 'inet', address: '10.190.5.20', netmask: '24', scope: 'global' }],
        },
      },
    },
  },
];
const forward = {
  listen_address: '10.190.5.1',
  description: 'web',
  config: {},
  ports: [
    {
      protocol: 'tcp',
      listen_port: '8080',
      target_address: '10.190.5.20',
      target_port: '80',
      description: '',
    },
  ],
  location: 'none',
};

function lxd(extra?: (call: FakeCall) => ReturnType<Parameters<typeof fakeLxd>[0]>) {
  return fakeLxd((call) => {
    const answer = extra?.(call);
    if (answer) return answer;
    const { url } = call;
    if (url.startsWith('/1.0/networks?')) return { metadata: [network] };
    if (url.startsWith('/1.0/networks/br0/state')) return { metadata: state };
    if (url.startsWith('/1.0/instances?')) return { metadata: instances };
    return undefined;
  });
}

const createPage = () =>
  renderAt(
    '/project/:project/network/:network/forwards/create',
    <ForwardFormPage />,
    '/project/default/network/br0/forwards/create',
  );

describe('forward form', () => {
  it('shows the port-list messages next to the field and sends nothing while invalid', async () => {
    const calls = lxd();
    createPage();
    await userEvent.selectOptions(
      await screen.findByRole('combobox', { name: 'Pick the listen address from the network' }),
      '10.190.5.1',
    );
    expect(screen.getByLabelText('Listen address')).toHaveValue('10.190.5.1');
    await userEvent.click(screen.getByRole('button', { name: 'Add port rule' }));
    const rule = screen.getByRole('group', { name: 'Port rule 1' });
    const listen = within(rule).getByLabelText('Listen ports');
    await userEvent.type(listen, '1,2,3,4,5,6,7,8,9,10,11');
    await userEvent.tab();
    expect(within(rule).getByRole('alert')).toHaveTextContent(
      'At most 10 ports or port ranges are allowed',
    );
    expect(listen).toHaveAccessibleDescription('At most 10 ports or port ranges are allowed');
    await userEvent.clear(listen);
    await userEvent.type(listen, '65536');
    expect(listen).toHaveAccessibleDescription(
      'Ports must be numbers from 1 to 65535, separated by commas, ranges with a dash (80,443,8000-8080)',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Create forward' }));
    expect(within(rule).getByText('Target address is required')).toBeVisible();
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('creates a forward with two port rules to an instance address', async () => {
    const calls = lxd(({ method }) => (method === 'POST' ? { metadata: {} } : undefined));
    createPage();
    await userEvent.type(await screen.findByLabelText('Listen address'), '10.190.5.1');
    await userEvent.type(screen.getByLabelText('Description'), 'web');
    for (const [index, protocol, ports, target] of [
      [1, 'tcp', '8080', '80'],
      [2, 'udp', '5353,6000-6005', ''],
    ] as const) {
      await userEvent.click(screen.getByRole('button', { name: 'Add port rule' }));
      const rule = screen.getByRole('group', { name: `Port rule ${String(index)}` });
      await userEvent.selectOptions(within(rule).getByLabelText('Protocol'), protocol);
      await userEvent.type(within(rule).getByLabelText('Listen ports'), ports);
      await userEvent.selectOptions(
        within(rule).getByRole('combobox', {
          name: `Pick the target of port rule ${String(index)} from the instances`,
        }),
        'c1 (eth0) 10.190.5.20',
      );
      if (target) await userEvent.type(within(rule).getByLabelText('Target ports'), target);
    }
    await userEvent.click(screen.getByRole('button', { name: 'Create forward' }));
    await waitFor(() => {
      expect(screen.getByTestId('location')).toHaveTextContent(
        '/project/default/network/br0/forwards',
      );
    });
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.url).toBe('/1.0/networks/br0/forwards?project=default');
    expect(post?.body).toEqual({
      listen_address: '10.190.5.1',
      description: 'web',
      config: {},
      ports: [
        { protocol: 'tcp', listen_port: '8080', target_address: '10.190.5.20', target_port: '80' },
        { protocol: 'udp', listen_port: '5353,6000-6005', target_address: '10.190.5.20' },
      ],
    });
  });

  it('keeps the form and says why when LXD refuses', async () => {
    lxd(({ method }) =>
      method === 'POST'
        ? {
            status: 400,
            error: 'Failed creating forward: A forward for that listen address already exists',
          }
        : undefined,
    );
    createPage();
    await userEvent.type(await screen.findByLabelText('Listen address'), '10.190.5.1');
    await userEvent.click(screen.getByRole('button', { name: 'Create forward' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not create the forwardFailed creating forward: A forward for that listen address already exists',
    );
    expect(screen.getByLabelText('Listen address')).toHaveValue('10.190.5.1');
  });

  it('edits a forward with PUT and If-Match; the listen address stays', async () => {
    const calls = lxd(({ method, url }) => {
      if (method === 'PUT') return { metadata: {} };
      if (url.startsWith('/1.0/networks/br0/forwards/10.190.5.1?')) {
        return { metadata: forward, etag: '"f1"' };
      }
      return undefined;
    });
    renderAt(
      '/project/:project/network/:network/forwards/:address/edit',
      <ForwardFormPage />,
      '/project/default/network/br0/forwards/10.190.5.1/edit',
    );
    expect(
      await screen.findByRole('heading', { name: 'Edit forward 10.190.5.1' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('10.190.5.1', { selector: 'p' })).toBeInTheDocument();
    const save = screen.getByRole('button', { name: 'Save changes' });
    expect(save).toBeDisabled();
    const rule = screen.getByRole('group', { name: 'Port rule 1' });
    await userEvent.clear(within(rule).getByLabelText('Target ports'));
    await userEvent.type(within(rule).getByLabelText('Target ports'), '8080');
    await userEvent.click(save);
    await waitFor(() => {
      expect(calls.some((c) => c.method === 'PUT')).toBe(true);
    });
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.url).toBe('/1.0/networks/br0/forwards/10.190.5.1?project=default');
    expect(put?.headers.get('If-Match')).toBe('"f1"');
    expect(put?.body).toEqual({
      description: 'web',
      config: {},
      ports: [
        {
          protocol: 'tcp',
          listen_port: '8080',
          target_address: '10.190.5.20',
          target_port: '8080',
        },
      ],
    });
  });
});

describe('forwards tab', () => {
  it('lists the forwards with their port rules, links to edit and deletes', async () => {
    const calls = lxd(({ method, url }) => {
      if (method === 'DELETE') return { metadata: {} };
      if (url.startsWith('/1.0/networks/br0/forwards?')) return { metadata: [forward] };
      return undefined;
    });
    renderAt(
      '/project/:project/network/:name/forwards',
      <ForwardsTab project="default" network={network} editReason={undefined} />,
      '/project/default/network/br0/forwards',
    );
    const table = await screen.findByRole('table', { name: 'Forwards of br0' });
    const row = within(table).getByRole('row', { name: '10.190.5.1' });
    expect(row).toHaveTextContent('10.190.5.1-TCP 8080 → 10.190.5.20:80web');
    expect(within(row).queryByText('Location')).toBeNull();
    expect(within(row).getByRole('link', { name: 'Edit forward 10.190.5.1' })).toHaveAttribute(
      'href',
      '/project/default/network/br0/forwards/10.190.5.1/edit',
    );
    expect(screen.getByRole('link', { name: 'Create forward' })).toHaveAttribute(
      'href',
      '/project/default/network/br0/forwards/create',
    );
    await userEvent.click(within(row).getByRole('button', { name: 'Delete forward 10.190.5.1' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Delete forward 10.190.5.1' })).getByRole(
        'button',
        { name: 'Delete' },
      ),
    );
    await waitFor(() => {
      expect(calls.find((c) => c.method === 'DELETE')?.url).toBe(
        '/1.0/networks/br0/forwards/10.190.5.1?project=default',
      );
    });
  });

  it('disables create, edit and delete with the reason the network gives', async () => {
    lxd(({ url }) =>
      url.startsWith('/1.0/networks/br0/forwards?') ? { metadata: [forward] } : undefined,
    );
    const reason = 'You do not have permission to change this network';
    renderAt(
      '/project/:project/network/:name/forwards',
      <ForwardsTab project="default" network={network} editReason={reason} />,
      '/project/default/network/br0/forwards',
    );
    const table = await screen.findByRole('table', { name: 'Forwards of br0' });
    for (const button of [
      screen.getByRole('button', { name: 'Create forward' }),
      within(table).getByRole('button', { name: 'Edit forward 10.190.5.1' }),
      within(table).getByRole('button', { name: 'Delete forward 10.190.5.1' }),
    ]) {
      expect(button).toBeDisabled();
      expect(button).toHaveAccessibleDescription(reason);
    }
  });

  it('shows the member and edits through the member path when clustered', async () => {
    lxd(({ url }) =>
      url.startsWith('/1.0/networks/br0/forwards?')
        ? { metadata: [{ ...forward, location: 'm2' }] }
        : undefined,
    );
    renderAt(
      '/project/:project/network/:name/forwards',
      <ForwardsTab project="default" network={network} editReason={undefined} />,
      '/project/default/network/br0/forwards',
      { ...testAuth(), isClustered: true },
    );
    const table = await screen.findByRole('table', { name: 'Forwards of br0' });
    expect(within(table).getByRole('columnheader', { name: 'Location' })).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'Edit forward 10.190.5.1' })).toHaveAttribute(
      'href',
      '/project/default/network/br0/member/m2/forwards/10.190.5.1/edit',
    );
  });
});
