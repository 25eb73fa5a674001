import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeLxd, renderAt } from '../../../testing/fake-lxd';
import { testAuth, testServer } from '../../../testing/render';
import { PoolCreatePage } from './pages/PoolCreatePage';
import { auth, clusteredAuth, pools, server } from './testing';
import { POOL_MESSAGES } from './rules';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Opens a section of the form by its name in the section list. */
const openSection = (name: string) =>
  userEvent.click(
    within(
      screen.getByRole('navigation', { name: 'Storage pool configuration sections' }),
    ).getByRole('button', { name }),
  );

describe('pool creation', () => {
  const create = (as = auth()) =>
    renderAt(
      '/project/:project/storage/pools/create',
      <PoolCreatePage />,
      '/project/default/storage/pools/create',
      as,
    );

  it('offers only the server’s drivers with versions and creates a dir pool', async () => {
    const calls = fakeLxd(({ method, url }) => {
      if (method === 'GET' && url === '/1.0/storage-pools/new1') {
        return { status: 404, error: 'Storage pool not found' };
      }
      if (method === 'POST' && url === '/1.0/storage-pools') return {};
      return undefined;
    });
    create();
    const driver = screen.getByRole('combobox', { name: 'Driver' });
    expect(
      within(driver)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Directory (version 1)', 'ZFS (version 2.1.5)', 'Dell PowerFlex (version 4.0)']);
    expect(driver).toHaveValue('dir');
    // dir takes a source but no size.
    expect(screen.getByRole('textbox', { name: 'Source' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Size' })).toBeNull();
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'new1');
    await userEvent.type(screen.getByRole('textbox', { name: 'Description' }), 'Scratch');
    await userEvent.click(screen.getByRole('button', { name: 'Create pool' }));
    await waitFor(() => {
      expect(screen.getByTestId('location')).toHaveTextContent(
        '/project/default/storage/pool/new1',
      );
    });
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'new1',
      description: 'Scratch',
      driver: 'dir',
      config: {},
    });
  });

  it('looks the name up (404 = free), aborts a lookup when the name changes, says when taken', async () => {
    const signals: AbortSignal[] = [];
    const calls = fakeLxd(({ url }) => {
      if (url === '/1.0/storage-pools/default') return { metadata: pools[0] };
      return { status: 404, error: 'not found' };
    });
    const fetchMock = vi.mocked(fetch);
    const original = fetchMock.getMockImplementation();
    fetchMock.mockImplementation((input, init) => {
      if (init?.signal) signals.push(init.signal);
      return original ? original(input, init) : Promise.reject(new Error('no fetch'));
    });
    create();
    const name = screen.getByRole('textbox', { name: 'Name' });
    await userEvent.type(name, 'defaul');
    await waitFor(() => {
      expect(calls.some((c) => c.url === '/1.0/storage-pools/defaul')).toBe(true);
    });
    await userEvent.type(name, 't');
    expect(await screen.findByText('A storage pool with this name already exists')).toBeVisible();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    // Earlier lookups were aborted as the name changed.
    expect(signals.filter((s) => s.aborted).length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Create pool' })).toBeEnabled();
    await userEvent.click(screen.getByRole('button', { name: 'Create pool' }));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('PowerFlex: pool, gateway and user password are required, with the exact message', async () => {
    const calls = fakeLxd(() => ({ status: 404, error: 'not found' }));
    create();
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'pf');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Driver' }), 'powerflex');
    // PowerFlex has nothing in the main section: its keys are in its own.
    expect(screen.queryByRole('textbox', { name: 'Source' })).toBeNull();
    await openSection('Dell PowerFlex');
    await userEvent.type(screen.getByRole('textbox', { name: 'Gateway' }), 'https://gw');
    await openSection('Main configuration');
    await userEvent.click(screen.getByRole('button', { name: 'Create pool' }));
    // Sending moves to the section of the first problem.
    expect(
      await screen.findByText('Pool, gateway and user password are required for Dell PowerFlex'),
    ).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'Dell PowerFlex' })).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'PowerFlex pool' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(screen.getByRole('textbox', { name: 'Gateway' })).toHaveValue('https://gw');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('names the server’s product in its help and defaults: LXD, or Incus on Incus', async () => {
    const lvmServer = (product: 'lxd' | 'incus') =>
      testServer({
        environment: {
          server: product,
          server_version: product === 'incus' ? '6.0.4' : '5.21.3',
          server_clustered: false,
          storage_supported_drivers: [{ Name: 'lvm', Version: '2.03.16', Remote: false }],
        },
      });
    const lvmForm = async (product: 'lxd' | 'incus') => {
      fakeLxd(() => ({ status: 404, error: 'not found' }));
      create(testAuth({ server: lvmServer(product) }));
      expect(await screen.findByRole('combobox', { name: 'Driver' })).toHaveValue('lvm');
    };

    await lvmForm('lxd');
    expect(
      screen.getByText(
        'Size of a loop-file pool, for example 20GiB. Empty: LXD picks one (20% of the free disk space, 5 to 30 GiB).',
      ),
    ).toBeInTheDocument();
    await openSection('LVM');
    expect(screen.getByText('Empty fields leave LXD’s default.')).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Thin pool name' })).toHaveAttribute(
      'placeholder',
      'Default: LXDThinPool',
    );
    cleanup();

    await lvmForm('incus');
    expect(
      screen.getByText(
        'Size of a loop-file pool, for example 20GiB. Empty: Incus picks one (20% of the free disk space, 5 to 30 GiB).',
      ),
    ).toBeInTheDocument();
    await openSection('LVM');
    expect(screen.getByText('Empty fields leave Incus’s default.')).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Thin pool name' })).toHaveAttribute(
      'placeholder',
      'Default: IncusThinPool',
    );
    expect(screen.queryByText(/LXD/)).toBeNull();
  });

  it('ZFS takes a size; a bad size is refused next to the field', async () => {
    fakeLxd(() => ({ status: 404, error: 'not found' }));
    create();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Driver' }), 'zfs');
    const size = screen.getByRole('textbox', { name: 'Size' });
    await userEvent.type(size, 'huge');
    await userEvent.tab();
    expect(await screen.findByText(POOL_MESSAGES.sizeFormat)).toBeVisible();
    expect(size).toHaveAttribute('aria-invalid', 'true');
  });

  it('another driver drops the old driver’s own fields and keeps the shared ones', async () => {
    const calls = fakeLxd(({ method, url }) => {
      if (method === 'GET' && url === '/1.0/storage-pools/new1') {
        return { status: 404, error: 'Storage pool not found' };
      }
      if (method === 'POST' && url === '/1.0/storage-pools') return {};
      return undefined;
    });
    create();
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'new1');
    const driver = screen.getByRole('combobox', { name: 'Driver' });
    await userEvent.selectOptions(driver, 'zfs');
    await userEvent.type(screen.getByRole('textbox', { name: 'Source' }), '/dev/sdb');
    await userEvent.type(screen.getByRole('textbox', { name: 'Size' }), '10GiB');
    await openSection('ZFS');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Clone copy' }), 'false');
    await openSection('Main configuration');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Driver' }), 'dir');
    // A directory pool has no keys of its own: no section for them.
    expect(screen.queryByRole('button', { name: 'Directory' })).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Source' })).toHaveValue('/dev/sdb');
    expect(screen.queryByRole('textbox', { name: 'Size' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Create pool' }));
    await waitFor(() => {
      expect(calls.some((c) => c.method === 'POST')).toBe(true);
    });
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'new1',
      description: '',
      driver: 'dir',
      config: { source: '/dev/sdb' },
    });
  });

  it('disables the form with the reason without the permission', () => {
    fakeLxd(() => undefined);
    create(auth({ isFineGrained: true, server: { ...server, access_entitlements: [] } }));
    const reason = 'You do not have permission to create storage pools';
    expect(screen.getByRole('note')).toHaveTextContent(reason);
    const submit = screen.getByRole('button', { name: 'Create pool' });
    expect(submit).toBeDisabled();
    expect(submit).toHaveAccessibleDescription(reason);
  });

  it('in a cluster: member keys to each member with ?target=, then the shared config', async () => {
    const calls = fakeLxd(({ method, url }) => {
      if (url.startsWith('/1.0/cluster/members?')) {
        return { metadata: [{ server_name: 'm2' }, { server_name: 'm1' }] };
      }
      if (method === 'GET' && url === '/1.0/storage-pools/tank') return { status: 404 };
      if (method === 'POST') return {};
      return undefined;
    });
    create(clusteredAuth());
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Driver' }), 'zfs');
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'tank');
    const m1 = screen.getByRole('region', { name: 'Member m1' });
    await userEvent.type(within(m1).getByRole('textbox', { name: 'Size on m1' }), '10GiB');
    const m2 = screen.getByRole('region', { name: 'Member m2' });
    await userEvent.type(within(m2).getByRole('textbox', { name: 'Source on m2' }), '/dev/sdb');
    await openSection('ZFS');
    expect(
      screen.getByText('Shared by every cluster member. Empty fields leave LXD’s default.'),
    ).toBeVisible();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Clone copy' }), 'false');
    await userEvent.click(screen.getByRole('button', { name: 'Create pool' }));
    await waitFor(() => {
      expect(screen.getByTestId('location')).toHaveTextContent('/storage/pool/tank');
    });
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.url, c.body])).toEqual([
      ['/1.0/storage-pools?target=m1', { name: 'tank', driver: 'zfs', config: { size: '10GiB' } }],
      [
        '/1.0/storage-pools?target=m2',
        { name: 'tank', driver: 'zfs', config: { source: '/dev/sdb' } },
      ],
      [
        '/1.0/storage-pools',
        { name: 'tank', description: '', driver: 'zfs', config: { 'zfs.clone_copy': 'false' } },
      ],
    ]);
  });

  it('in a cluster: a member’s failure is named, the pending pool is reported and can be deleted', async () => {
    const calls = fakeLxd(({ method, url }) => {
      if (url.startsWith('/1.0/cluster/members?')) {
        return { metadata: [{ server_name: 'm1' }, { server_name: 'm2' }] };
      }
      if (method === 'GET' && url === '/1.0/storage-pools/tank') return { status: 404 };
      if (method === 'POST' && url.endsWith('target=m2')) {
        return { status: 400, error: 'Source path does not exist' };
      }
      if (method === 'POST' || method === 'DELETE') return {};
      return undefined;
    });
    create(clusteredAuth());
    await userEvent.type(await screen.findByRole('textbox', { name: 'Name' }), 'tank');
    await userEvent.click(screen.getByRole('button', { name: 'Create pool' }));
    const alert = await screen.findByRole('alert', { name: '' });
    expect(alert).toHaveTextContent('Error from cluster member m2: Source path does not exist');
    expect(alert).toHaveTextContent(
      'Storage pool tank was left half-created: it is defined on member m1 but not created (status Pending).',
    );
    expect(calls.some((c) => c.url === '/1.0/storage-pools')).toBe(false);
    await userEvent.click(within(alert).getByRole('button', { name: 'Delete the pending pool' }));
    await waitFor(() => {
      expect(calls.some((c) => c.method === 'DELETE' && c.url === '/1.0/storage-pools/tank')).toBe(
        true,
      );
    });
    await waitFor(() => {
      expect(screen.queryByText(/half-created/)).toBeNull();
    });
    // The form keeps what was typed.
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('tank');
  });
});
