import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fineGrainedAuth, testAuth, testServer } from '../../../testing/render';
import { fakeLxd, renderAt, type FakeHandler } from '../../../testing/fake-lxd';
import { VolumeCreatePage } from './pages/VolumeCreatePage';
import { VolumeDetailPage } from './pages/VolumeDetailPage';
import { VolumeListPage } from './pages/VolumeListPage';
import { VOLUME_MESSAGES } from './rules';

afterEach(() => {
  vi.unstubAllGlobals();
});

const pools = [
  { name: 'default', driver: 'dir', description: '', config: {} },
  { name: 'fast', driver: 'dir', description: '', config: { 'volume.size': '5GiB' } },
];
const volumes: Record<string, unknown[]> = {
  default: [
    {
      name: 'data',
      type: 'custom',
      description: '',
      content_type: 'filesystem',
      config: { size: '1GiB' },
      used_by: [],
    },
    {
      name: 'data/snap0',
      type: 'custom',
      description: '',
      content_type: 'filesystem',
      config: {},
      used_by: [],
    },
    {
      name: 'data/snap1',
      type: 'custom',
      description: '',
      content_type: 'filesystem',
      config: {},
      used_by: [],
    },
    {
      name: 'web1',
      type: 'container',
      description: '',
      content_type: 'filesystem',
      config: {},
      used_by: ['/1.0/instances/web1'],
    },
    {
      name: 'shared',
      type: 'custom',
      description: '',
      content_type: 'block',
      config: {},
      used_by: ['/1.0/instances/vm1'],
    },
  ],
  fast: [
    {
      name: 'cache',
      type: 'custom',
      description: '',
      content_type: 'filesystem',
      config: {},
      used_by: [],
    },
  ],
};

const lxd: FakeHandler = ({ url, method }) => {
  if (method !== 'GET') return undefined;
  if (url.startsWith('/1.0/storage-pools?')) return { metadata: pools };
  const match = /^\/1\.0\/storage-pools\/([^/?]+)\/volumes\?/.exec(url);
  if (match?.[1]) return { metadata: volumes[match[1]] ?? [] };
  return undefined;
};

const listAt = (entry: string, auth = testAuth()) =>
  renderAt('/project/:project/storage/volumes', <VolumeListPage />, entry, auth);

describe('volume list', () => {
  it('shows one row per volume with its snapshot count, across pools', async () => {
    fakeLxd(lxd);
    listAt('/project/default/storage/volumes');
    const table = await screen.findByRole('table', { name: 'Volumes' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.getAttribute('aria-label'))).toEqual([
      'cache custom volume in pool fast',
      'data custom volume in pool default',
      'shared custom volume in pool default',
      'web1 container volume in pool default',
    ]);
    expect(within(table).getByRole('row', { name: /^data / })).toHaveTextContent(
      'datadefaultcustomfilesystem1GiB02',
    );
    expect(within(table).getByRole('link', { name: 'data' })).toHaveAttribute(
      'href',
      '/project/default/storage/pool/default/volumes/custom/data',
    );
  });

  it('filters by ?pool=, ?type= and ?content= from the URL', async () => {
    fakeLxd(lxd);
    listAt('/project/default/storage/volumes?pool=default&type=custom&content=block');
    const table = await screen.findByRole('table', { name: 'Volumes' });
    const names = within(table)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(names).toEqual(['shared']);
    expect(screen.getByText('1 of 4 volumes')).toBeInTheDocument();
  });

  it('keeps volumes in use and volumes of instances out of the bulk delete, saying why', async () => {
    fakeLxd(lxd);
    listAt('/project/default/storage/volumes');
    await screen.findByRole('table', { name: 'Volumes' });
    const shared = screen.getByRole('checkbox', { name: 'Select shared' });
    expect(shared).toBeDisabled();
    expect(shared).toHaveAttribute(
      'title',
      'This volume is used by 1 instance. Detach it before deleting it.',
    );
    expect(screen.getByRole('checkbox', { name: 'Select web1' })).toHaveAttribute(
      'title',
      VOLUME_MESSAGES.notCustom,
    );
    expect(screen.getByRole('checkbox', { name: 'Select data' })).toBeEnabled();
  });

  it('disables Create volume with the reason without can_create_storage_volumes', async () => {
    fakeLxd(lxd);
    listAt(
      '/project/default/storage/volumes',
      testAuth({
        isFineGrained: true,
        projects: [
          { name: 'default', description: '', config: {}, access_entitlements: ['can_edit'] },
        ],
      }),
    );
    await screen.findByRole('table', { name: 'Volumes' });
    const reason = 'You do not have permission to create storage volumes in this project';
    for (const name of ['Create volume', 'Import backup']) {
      const button = screen.getByRole('button', { name });
      expect(button).toBeDisabled();
      expect(button).toHaveAccessibleDescription(reason);
    }
    const select = screen.getByRole('checkbox', { name: 'Select data' });
    expect(select).toBeDisabled();
    expect(select).toHaveAccessibleDescription('You do not have permission to delete this volume');
  });

  it('asks for the volume entitlements in fine-grained mode; granted, they enable the controls', async () => {
    const calls = fakeLxd((call) => {
      const answer = lxd(call);
      const list = answer?.metadata;
      return call.url.includes('/volumes?') && Array.isArray(list)
        ? {
            metadata: list.map((volume: object) => ({
              ...volume,
              access_entitlements: ['can_delete'],
            })),
          }
        : answer;
    });
    listAt(
      '/project/default/storage/volumes',
      fineGrainedAuth({ project: ['can_create_storage_volumes'] }),
    );
    await screen.findByRole('table', { name: 'Volumes' });
    expect(calls.map((c) => c.url)).toContain(
      '/1.0/storage-pools/default/volumes?project=default&recursion=1&with-access-entitlements=can_edit%2Ccan_delete%2Ccan_manage_snapshots%2Ccan_manage_backups',
    );
    expect(screen.getByRole('link', { name: 'Create volume' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Import backup' })).toBeEnabled();
    expect(screen.getByRole('checkbox', { name: 'Select data' })).toBeEnabled();
  });
});

describe('volume detail in fine-grained mode', () => {
  const data = volumes.default?.[0] as object;
  const open = (tab: string, entitlements: string[], project: string[] = []) => {
    fakeLxd(({ url }) => {
      if (url.startsWith('/1.0/storage-pools/default/volumes/custom/data?')) {
        return { metadata: { ...data, access_entitlements: entitlements }, etag: '"v1"' };
      }
      if (url.startsWith('/1.0/storage-pools/default/volumes/custom/data/snapshots?')) {
        return { metadata: [{ name: 'snap0', created_at: '2024-01-01T00:00:00Z', config: {} }] };
      }
      return (
        lxd({ url, method: 'GET', body: undefined, headers: new Headers() }) ?? { metadata: [] }
      );
    });
    renderAt(
      '/project/:project/storage/pool/:pool/volumes/:type/:name/:activeTab?',
      <VolumeDetailPage />,
      `/project/default/storage/pool/default/volumes/custom/data${tab}`,
      fineGrainedAuth({ project }),
    );
  };
  const denied = (button: HTMLElement, reason: string) => {
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(reason);
  };

  it('disables the header actions and the snapshots without the entitlements', async () => {
    open('/snapshots', []);
    await screen.findByRole('button', { name: 'Rename' });
    const header = {
      Rename: 'You do not have permission to rename this volume',
      Move: 'You do not have permission to rename this volume',
      Copy: 'You do not have permission to create storage volumes in this project',
      'Export backup': 'You do not have permission to export backups of this volume',
      Delete: 'You do not have permission to delete this volume',
    };
    for (const [name, reason] of Object.entries(header)) {
      denied(screen.getByRole('button', { name }), reason);
    }
    const snapshots = 'You do not have permission to manage the snapshots of this volume';
    const [create] = await screen.findAllByRole('button', { name: 'Create snapshot' });
    denied(create as HTMLElement, snapshots);
    denied(await screen.findByRole('button', { name: 'Rename snap0' }), snapshots);
    // jsdom leaves out the space before the off-screen part of "Delete snap0" (browsers keep it).
    denied(screen.getByRole('button', { name: /^Delete ?snap0$/ }), snapshots);
    denied(
      screen.getByRole('button', { name: /^Restore ?snap0$/ }),
      'You do not have permission to restore snapshots of this volume',
    );
  });

  it('enables them with the entitlements', async () => {
    open(
      '/snapshots',
      ['can_edit', 'can_delete', 'can_manage_snapshots', 'can_manage_backups'],
      ['can_create_storage_volumes'],
    );
    const rename = await screen.findByRole('button', { name: 'Rename' });
    expect(rename).toBeEnabled();
    for (const name of ['Move', 'Copy', 'Export backup', 'Delete']) {
      expect(screen.getByRole('button', { name })).toBeEnabled();
    }
    expect(await screen.findByRole('button', { name: 'Rename snap0' })).toBeEnabled();
    expect(screen.getByRole('button', { name: /^Restore ?snap0$/ })).toBeEnabled();
  });

  it('keeps the configuration read-only without can_edit', async () => {
    open('/configuration', []);
    const reason = 'You do not have permission to change this volume';
    expect(await screen.findByRole('note')).toHaveTextContent(reason);
    denied(screen.getByRole('button', { name: 'Save changes' }), reason);
  });
});

describe('volume creation', () => {
  it('says a name is taken in the chosen pool, and checks again when the pool changes', async () => {
    const calls = fakeLxd((call) => {
      if (call.url === '/1.0/storage-pools/default/volumes/custom/data?project=default') {
        return { metadata: { name: 'data' } };
      }
      return lxd(call);
    });
    renderAt(
      '/project/:project/storage/volumes/create',
      <VolumeCreatePage />,
      '/project/default/storage/volumes/create',
    );
    const name = await screen.findByLabelText('Name');
    await userEvent.type(name, 'data');
    await userEvent.tab();
    expect(
      await screen.findByText('A storage volume with this name already exists'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create volume' }));
    await waitFor(() => {
      expect(
        calls.filter((call) =>
          call.url.startsWith('/1.0/storage-pools/default/volumes/custom/data'),
        ),
      ).toHaveLength(2);
    });
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    expect(screen.getByText('A storage volume with this name already exists')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Pool'), 'fast');
    await waitFor(() => {
      expect(screen.queryByText('A storage volume with this name already exists')).toBeNull();
    });
    // The lookup in the new pool starts once the form kit's name check delay has passed.
    await waitFor(() => {
      expect(calls.map((call) => call.url)).toContain(
        '/1.0/storage-pools/fast/volumes/custom/data?project=default',
      );
    });
  });

  it('refuses a bad size and sends the volume with its size and keys', async () => {
    const calls = fakeLxd((call) => {
      if (call.method === 'POST') return { metadata: {} };
      return lxd(call);
    });
    renderAt(
      '/project/:project/storage/volumes/create',
      <VolumeCreatePage />,
      '/project/default/storage/volumes/create',
    );
    await userEvent.type(await screen.findByLabelText('Name'), 'logs');
    const size = screen.getByLabelText('Size');
    await userEvent.type(size, '1.5');
    await userEvent.click(screen.getByRole('button', { name: 'Create volume' }));
    expect(
      await screen.findByText('Size must be a whole number greater than 0'),
    ).toBeInTheDocument();
    await userEvent.clear(size);
    await userEvent.type(size, '512');
    await userEvent.selectOptions(screen.getByLabelText('Size unit'), 'MiB');
    await userEvent.click(screen.getByRole('button', { name: 'Snapshots' }));
    await userEvent.type(screen.getByLabelText(/^Schedule/), '@daily');
    await userEvent.click(screen.getByRole('button', { name: 'Create volume' }));
    await waitFor(() => {
      expect(calls.some((call) => call.method === 'POST')).toBe(true);
    });
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.url).toBe('/1.0/storage-pools/default/volumes/custom?project=default');
    expect(post?.body).toEqual({
      name: 'logs',
      type: 'custom',
      content_type: 'filesystem',
      description: '',
      config: { size: '512MiB', 'snapshots.schedule': '@daily' },
    });
    await waitFor(() => {
      expect(screen.getByTestId('location')).toHaveTextContent(
        '/project/default/storage/pool/default/volumes/custom/logs',
      );
    });
  });

  it('in a cluster, puts a volume of a local pool on the chosen member (?target=)', async () => {
    const calls = fakeLxd((call) => {
      if (call.method === 'POST') return { metadata: {} };
      if (call.url.startsWith('/1.0/cluster/members')) {
        return {
          metadata: [
            { server_name: 'm1', status: 'Online', message: 'Fully operational' },
            { server_name: 'm2', status: 'Offline', message: 'No heartbeat for 12s' },
            { server_name: 'm3', status: 'Online', message: 'Fully operational' },
          ],
        };
      }
      return lxd(call);
    });
    renderAt(
      '/project/:project/storage/volumes/create',
      <VolumeCreatePage />,
      '/project/default/storage/volumes/create',
      testAuth({ isClustered: true }),
    );
    await userEvent.type(await screen.findByLabelText('Name'), 'logs');
    const member = screen.getByRole('combobox', { name: 'Cluster member' });
    await screen.findByRole('option', { name: 'm3' });
    expect(
      screen.getByRole('option', { name: 'm2 (Offline: No heartbeat for 12s)' }),
    ).toHaveProperty('disabled', true);
    // Volumes go on members, not groups.
    expect(screen.queryByRole('group', { name: 'Cluster groups' })).toBeNull();
    await userEvent.selectOptions(member, 'm3');
    await userEvent.click(screen.getByRole('button', { name: 'Create volume' }));
    await waitFor(() => {
      expect(calls.some((call) => call.method === 'POST')).toBe(true);
    });
    expect(calls.find((call) => call.method === 'POST')?.url).toBe(
      '/1.0/storage-pools/default/volumes/custom?project=default&target=m3',
    );
    await waitFor(() => {
      expect(screen.getByTestId('location')).toHaveTextContent(
        '/project/default/storage/pool/default/member/m3/volumes/custom/logs',
      );
    });
  });
});

describe("the backup commands name the server's client", () => {
  const incus = () =>
    testAuth({
      server: testServer({
        api_extensions: ['dev_incus_events'],
        environment: { server: 'incus', server_version: '6.0.4', server_clustered: false },
      }),
    });
  const data = volumes.default?.[0] as object;

  async function exportHelp(auth = testAuth()) {
    fakeLxd(({ url }) => {
      if (url.startsWith('/1.0/storage-pools/default/volumes/custom/data?')) {
        return { metadata: data, etag: '"v1"' };
      }
      return (
        lxd({ url, method: 'GET', body: undefined, headers: new Headers() }) ?? { metadata: [] }
      );
    });
    renderAt(
      '/project/:project/storage/pool/:pool/volumes/:type/:name/:activeTab?',
      <VolumeDetailPage />,
      '/project/default/storage/pool/default/volumes/custom/data',
      auth,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Export backup' }));
    const dialog = screen.getByRole('dialog', { name: 'Export a backup of data' });
    return within(dialog).getByText(/The backup is a tarball/);
  }

  async function importHelp(auth = testAuth()) {
    fakeLxd(lxd);
    listAt('/project/default/storage/volumes', auth);
    await userEvent.click(await screen.findByRole('button', { name: 'Import backup' }));
    const dialog = screen.getByRole('dialog', { name: 'Import a volume backup' });
    return within(dialog).getByLabelText('Backup file');
  }

  it('lxc storage volume import in the export dialog on LXD', async () => {
    expect(await exportHelp()).toHaveTextContent(
      'The backup is a tarball that Import backup (or lxc storage volume import) turns into a volume again.',
    );
  });

  it('lxc storage volume export in the import dialog on LXD', async () => {
    expect(await importHelp()).toHaveAccessibleDescription(
      'A tarball made by Export backup or lxc storage volume export.',
    );
  });

  it('incus storage volume import in the export dialog on Incus', async () => {
    expect(await exportHelp(incus())).toHaveTextContent(
      'The backup is a tarball that Import backup (or incus storage volume import) turns into a volume again.',
    );
  });

  it('incus storage volume export in the import dialog on Incus', async () => {
    expect(await importHelp(incus())).toHaveAccessibleDescription(
      'A tarball made by Export backup or incus storage volume export.',
    );
  });
});
