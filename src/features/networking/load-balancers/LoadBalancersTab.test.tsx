import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeLxd, renderAt, type FakeCall } from '../../../testing/fake-lxd';
import { LoadBalancersTab } from './LoadBalancersTab';

afterEach(() => {
  vi.unstubAllGlobals();
});

const network = {
  name: 'ovn1',
  type: 'ovn',
  description: '',
  managed: true,
  config: { 'ipv4.address': '10.40.0.1/24', 'volatile.network.ipv4.address': '192.0.2.10' },
};
/** Shaped like NetworkLoadBalancer of the LXD reference (doc/rest-api.yaml). */
const balancer = {
  listen_address: '192.0.2.1',
  description: 'web',
  config: {},
  backends: [
    { name: 'web1', description: '', target_address: '10.40.0.5', target_port: '8080' },
    { name: 'web2', description: '', target_address: '10.40.0.6', target_port: '' },
  ],
  ports: [
    { description: '', protocol: 'tcp', listen_port: '80', target_backend: ['web1', 'web2'] },
  ],
  location: '',
};

function lxd(extra: (call: FakeCall) => ReturnType<Parameters<typeof fakeLxd>[0]>) {
  return fakeLxd((call) => {
    const answer = extra(call);
    if (answer) return answer;
    if (call.url.startsWith('/1.0/networks/ovn1/state')) return { metadata: { addresses: [] } };
    if (call.url.startsWith('/1.0/instances?')) return { metadata: [] };
    return undefined;
  });
}

const open = (editReason?: string) =>
  renderAt(
    '/project/:project/network/:name/load-balancers',
    <LoadBalancersTab project="default" network={network} editReason={editReason} />,
    '/project/default/network/ovn1/load-balancers',
  );

describe('load balancers tab', () => {
  it('lists listen address, backends, ports and description; deletes', async () => {
    const calls = lxd(({ method, url }) => {
      if (method === 'DELETE') return { metadata: {} };
      if (url.startsWith('/1.0/networks/ovn1/load-balancers?')) return { metadata: [balancer] };
      return undefined;
    });
    open();
    const table = await screen.findByRole('table', { name: 'Load balancers of ovn1' });
    expect(within(table).getByRole('row', { name: '192.0.2.1' })).toHaveTextContent(
      '192.0.2.1web1 10.40.0.5:8080web2 10.40.0.6TCP 80 → web1, web2web',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Delete load balancer 192.0.2.1' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Delete load balancer 192.0.2.1' })).getByRole(
        'button',
        { name: 'Delete' },
      ),
    );
    await waitFor(() => {
      expect(calls.find((c) => c.method === 'DELETE')?.url).toBe(
        '/1.0/networks/ovn1/load-balancers/192.0.2.1?project=default',
      );
    });
  });

  it('disables create, edit and delete with the reason the network gives', async () => {
    lxd(({ url }) =>
      url.startsWith('/1.0/networks/ovn1/load-balancers?') ? { metadata: [balancer] } : undefined,
    );
    const reason = 'You do not have permission to change this network';
    open(reason);
    const table = await screen.findByRole('table', { name: 'Load balancers of ovn1' });
    for (const button of [
      screen.getByRole('button', { name: 'Create load balancer' }),
      within(table).getByRole('button', { name: 'Edit load balancer 192.0.2.1' }),
      within(table).getByRole('button', { name: 'Delete load balancer 192.0.2.1' }),
    ]) {
      expect(button).toBeDisabled();
      expect(button).toHaveAccessibleDescription(reason);
    }
  });

  it('creates a load balancer with a backend and a port; nothing is sent while invalid', async () => {
    const calls = lxd(({ method, url }) => {
      if (method === 'POST') return { metadata: {} };
      if (url.startsWith('/1.0/networks/ovn1/load-balancers?')) return { metadata: [] };
      return undefined;
    });
    open();
    const [create] = await screen.findAllByRole('button', { name: 'Create load balancer' });
    if (create) await userEvent.click(create);
    expect(screen.getByRole('heading', { name: 'Create a load balancer' })).toHaveFocus();
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Pick the listen address from the network' }),
      '192.0.2.10',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Add backend' }));
    const backend = screen.getByRole('group', { name: 'Backend 1' });
    expect(within(backend).getByLabelText('Name')).toHaveValue('backend1');
    await userEvent.type(within(backend).getByLabelText('Target address'), '10.40.0.5');
    await userEvent.click(screen.getByRole('button', { name: 'Add port' }));
    const port = screen.getByRole('group', { name: 'Port 1' });
    await userEvent.type(within(port).getByLabelText('Listen ports'), '1,2,3,4,5,6,7,8,9,10,11');
    await userEvent.click(screen.getByRole('button', { name: 'Create load balancer' }));
    expect(within(port).getByText('At most 10 ports or port ranges are allowed')).toBeVisible();
    expect(within(port).getByText('Choose at least one backend')).toBeVisible();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    await userEvent.clear(within(port).getByLabelText('Listen ports'));
    await userEvent.type(within(port).getByLabelText('Listen ports'), '80');
    await userEvent.click(within(port).getByRole('checkbox', { name: 'backend1' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create load balancer' }));
    await waitFor(() => {
      expect(calls.some((c) => c.method === 'POST')).toBe(true);
    });
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.url).toBe('/1.0/networks/ovn1/load-balancers?project=default');
    expect(post?.body).toEqual({
      listen_address: '192.0.2.10',
      description: '',
      config: {},
      backends: [{ name: 'backend1', target_address: '10.40.0.5' }],
      ports: [{ protocol: 'tcp', listen_port: '80', target_backend: ['backend1'] }],
    });
    expect(await screen.findByRole('heading', { name: 'No load balancers yet' })).toBeVisible();
  });

  it('edits with PUT and If-Match', async () => {
    const calls = lxd(({ method, url }) => {
      if (method === 'PUT') return { metadata: {} };
      if (url.startsWith('/1.0/networks/ovn1/load-balancers/192.0.2.1?')) {
        return { metadata: balancer, etag: '"l1"' };
      }
      if (url.startsWith('/1.0/networks/ovn1/load-balancers?')) return { metadata: [balancer] };
      return undefined;
    });
    open();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Edit load balancer 192.0.2.1' }),
    );
    const backend = await screen.findByRole('group', { name: 'Backend 2' });
    await userEvent.clear(within(backend).getByLabelText('Name'));
    await userEvent.type(within(backend).getByLabelText('Name'), 'web3');
    expect(
      within(screen.getByRole('group', { name: 'Port 1' })).getByRole('checkbox', { name: 'web3' }),
    ).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => {
      expect(calls.some((c) => c.method === 'PUT')).toBe(true);
    });
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.headers.get('If-Match')).toBe('"l1"');
    expect(put?.body).toMatchObject({
      backends: [
        { name: 'web1', target_address: '10.40.0.5', target_port: '8080' },
        { name: 'web3', target_address: '10.40.0.6' },
      ],
      ports: [{ protocol: 'tcp', listen_port: '80', target_backend: ['web1', 'web3'] }],
    });
  });

  it('removing a backend takes it out of the ports that balance over it', async () => {
    const calls = lxd(({ method, url }) => {
      if (method === 'PUT') return { metadata: {} };
      if (url.startsWith('/1.0/networks/ovn1/load-balancers/192.0.2.1?')) {
        return { metadata: balancer, etag: '"l1"' };
      }
      if (url.startsWith('/1.0/networks/ovn1/load-balancers?')) return { metadata: [balancer] };
      return undefined;
    });
    open();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Edit load balancer 192.0.2.1' }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Remove backend 1' }));
    const port = screen.getByRole('group', { name: 'Port 1' });
    expect(within(port).queryByRole('checkbox', { name: 'web1' })).toBeNull();
    expect(within(port).getByRole('checkbox', { name: 'web2' })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => {
      expect(calls.some((c) => c.method === 'PUT')).toBe(true);
    });
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      backends: [{ name: 'web2', target_address: '10.40.0.6' }],
      ports: [{ protocol: 'tcp', listen_port: '80', target_backend: ['web2'] }],
    });
  });
});
