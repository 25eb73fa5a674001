import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testAuth } from '../../../testing/render';
import { fakeLxd, renderAt, type FakeHandler } from '../../projects/testing/harness';
import { VolumeCreatePage } from './pages/VolumeCreatePage';
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
    const create = screen.getByRole('button', { name: 'Create volume' });
    expect(create).toBeDisabled();
    expect(create).toHaveAttribute(
      'title',
      'You do not have permission to create storage volumes in this project',
    );
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
    expect(calls.map((call) => call.url)).toContain(
      '/1.0/storage-pools/fast/volumes/custom/data?project=default',
    );
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
});
