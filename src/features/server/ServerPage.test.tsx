import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderSignedIn, testAuth, testServer } from '../../testing/render';
import { ServerPage } from './pages/ServerPage';

const RESOURCES = {
  cpu: {
    architecture: 'x86_64',
    total: 4,
    sockets: [
      {
        socket: 0,
        name: 'Xeon',
        cores: [
          {
            core: 0,
            threads: [
              { id: 0, thread: 0, online: true },
              { id: 1, thread: 1, online: true },
            ],
          },
          {
            core: 1,
            threads: [
              { id: 2, thread: 0, online: true },
              { id: 3, thread: 1, online: true },
            ],
          },
        ],
      },
    ],
  },
  memory: { used: 1073741824, total: 4294967296 },
  gpu: { cards: [], total: 0 },
  network: { cards: [], total: 0 },
  storage: { disks: [{ id: 'vda', size: 274877906944, type: 'virtio' }], total: 1 },
  pci: { devices: [], total: 0 },
  usb: { devices: [], total: 0 },
};

function answer(path: string, status: number, body: object) {
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      const json = url.startsWith(path) ? body : { type: 'error', error: 'not found' };
      const code = url.startsWith(path) ? status : 404;
      return Promise.resolve(new Response(JSON.stringify(json), { status: code }));
    }),
  );
}

const server = testServer({
  api_extensions: ['a', 'b', 'c'],
  environment: {
    server_name: 'host1',
    server_version: '5.0.2',
    server_clustered: false,
    driver: 'lxc',
    driver_version: '5.0.2',
    kernel: 'Linux',
    kernel_version: '6.1',
    storage_supported_drivers: [
      { Name: 'dir', Version: '1', Remote: false },
      { Name: 'cephobject', Version: '17', Remote: true },
    ],
  },
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ServerPage', { timeout: 20_000 }, () => {
  it('shows the server, its drivers, CPUs, memory and devices', async () => {
    answer('/1.0/resources', 200, { type: 'sync', metadata: RESOURCES });
    renderSignedIn(<ServerPage />, { path: '/server', auth: testAuth({ server }) });
    expect(await screen.findByText('4.0 GiB')).toBeInTheDocument();
    expect(screen.getByText('1.0 GiB (25%)')).toBeInTheDocument();
    expect(screen.getByText('host1')).toBeInTheDocument();
    expect(screen.getByText('Virtual machines are not available on this server.')).toBeVisible();
    const drivers = screen.getByRole('list', { name: 'Storage drivers' });
    expect(drivers).toHaveTextContent('Directory');
    expect(drivers).toHaveTextContent('Ceph Object');
    expect(screen.getByRole('meter', { name: 'Memory used: 1.0 GiB of 4.0 GiB' })).toBeVisible();
    expect(screen.getByText('No GPUs found.')).toBeVisible();
    expect(screen.getByRole('rowheader', { name: 'vda' })).toBeVisible();
  });

  it('says why the hardware cannot be shown', async () => {
    answer('/1.0/resources', 500, { type: 'error', error: 'resources exploded' });
    renderSignedIn(<ServerPage />, { path: '/server', auth: testAuth({ server }) });
    expect(await screen.findByRole('alert', {}, { timeout: 15_000 })).toHaveTextContent(
      'resources exploded',
    );
  });

  it('does not ask for the hardware without the view entitlement', () => {
    answer('/1.0/resources', 200, { type: 'sync', metadata: RESOURCES });
    renderSignedIn(<ServerPage />, {
      path: '/server',
      auth: testAuth({ server, isFineGrained: true }),
    });
    expect(
      screen.getByText('You do not have permission to view the hardware of this server.'),
    ).toBeVisible();
    expect(fetch).not.toHaveBeenCalledWith('/1.0/resources', expect.anything());
  });

  it('shows the hardware to a viewer of the server (fine-grained)', async () => {
    answer('/1.0/resources', 200, { type: 'sync', metadata: RESOURCES });
    renderSignedIn(<ServerPage />, {
      path: '/server',
      auth: testAuth({
        server: { ...server, access_entitlements: ['viewer'] },
        isFineGrained: true,
      }),
    });
    expect(await screen.findByRole('heading', { name: 'CPU' })).toBeVisible();
  });
});
