import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testAuth, testServer } from '../../testing/render';
import { ProjectCreatePage } from './pages/ProjectCreatePage';
import { fakeLxd, renderAt, type FakeCall } from '../../testing/fake-lxd';

afterEach(() => {
  vi.unstubAllGlobals();
});

const auth = testAuth({ server: testServer({ api_extensions: ['projects_networks'] }) });

function lxd(profilePut: { status?: number; error?: string } = {}) {
  return fakeLxd(({ method, url }: FakeCall) => {
    if (method === 'GET' && url.startsWith('/1.0/storage-pools'))
      return { metadata: ['/1.0/storage-pools/default', '/1.0/storage-pools/fast'] };
    if (method === 'GET' && url.startsWith('/1.0/networks'))
      return {
        metadata: [
          { name: 'lxdbr0', managed: true, type: 'bridge' },
          { name: 'eth0', managed: false, type: 'physical' },
        ],
      };
    if (method === 'POST' && url === '/1.0/projects') return {};
    if (method === 'GET' && url.startsWith('/1.0/profiles/default'))
      return {
        metadata: { name: 'default', description: 'Default', config: {}, devices: {} },
        etag: '"p1"',
      };
    if (method === 'PUT' && url.startsWith('/1.0/profiles/default')) return profilePut;
    return undefined;
  });
}

async function fillAndCreate(pool: string, network: string) {
  renderAt('/projects/create', <ProjectCreatePage />, '/projects/create', auth);
  await userEvent.type(screen.getByLabelText(/Name/), 'team');
  const poolSelect = screen.getByRole('combobox', { name: 'Default storage pool' });
  await waitFor(() => {
    expect(within(poolSelect).getByRole('option', { name: 'fast' })).toBeInTheDocument();
  });
  const networkSelect = screen.getByRole('combobox', { name: 'Default network' });
  await waitFor(() => {
    expect(within(networkSelect).getByRole('option', { name: 'lxdbr0' })).toBeInTheDocument();
  });
  // Only managed networks can be a NIC's network.
  expect(within(networkSelect).queryByRole('option', { name: 'eth0' })).toBeNull();
  await userEvent.selectOptions(poolSelect, pool);
  await userEvent.selectOptions(networkSelect, network);
  await userEvent.click(screen.getByRole('button', { name: 'Create project' }));
}

describe('project creation with a default pool and network', () => {
  it("writes the new project's default profile root disk and eth0", async () => {
    const calls = lxd();
    await fillAndCreate('fast', 'lxdbr0');
    await waitFor(() => {
      expect(screen.getByTestId('location')).toHaveTextContent('/project/team/instances');
    });
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.url).toBe('/1.0/profiles/default?project=team');
    expect(put?.headers.get('If-Match')).toBe('"p1"');
    expect(put?.body).toEqual({
      description: 'Default',
      config: {},
      devices: {
        root: { type: 'disk', pool: 'fast', path: '/' },
        eth0: { type: 'nic', network: 'lxdbr0', name: 'eth0' },
      },
    });
    const order = calls.map((c) => c.method).filter((method) => method !== 'GET');
    expect(order).toEqual(['POST', 'PUT']);
  });

  it('a refused profile write says so and still goes to the created project', async () => {
    lxd({ status: 400, error: 'Pool not found' });
    await fillAndCreate('fast', '');
    expect(
      await screen.findByText('Project team was created, but its default profile could not be set'),
    ).toBeInTheDocument();
    expect(screen.getByText('Pool not found')).toBeInTheDocument();
    await waitFor(() => {
      expect(screen.getByTestId('location')).toHaveTextContent('/project/team/instances');
    });
  });

  it('without its own profiles the choices are disabled and nothing is written', async () => {
    const calls = lxd();
    renderAt('/projects/create', <ProjectCreatePage />, '/projects/create', auth);
    await userEvent.click(screen.getByRole('checkbox', { name: /^Profiles/ }));
    expect(screen.getByRole('combobox', { name: 'Default storage pool' })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Default network' })).toBeDisabled();
    expect(
      screen.getByText(/Without its own profiles the project uses the default project/),
    ).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/Name/), 'team');
    await userEvent.click(screen.getByRole('button', { name: 'Create project' }));
    await waitFor(() => {
      expect(screen.getByTestId('location')).toHaveTextContent('/project/team/instances');
    });
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });
});
