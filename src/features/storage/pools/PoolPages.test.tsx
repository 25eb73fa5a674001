import { QueryClient } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { auth, clusteredAuth, GiB, pools, server } from './testing';
import { fakeLxd, renderAt } from '../../../testing/fake-lxd';
import { PoolDetailPage } from './pages/PoolDetailPage';
import { PoolListPage } from './pages/PoolListPage';
import { poolQuery } from './queries';
import { FINE_GRAINED_UNKNOWN_ERROR } from '../../../shared/permissions/entitlements';
import { POOL_MESSAGES } from './rules';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('pool list', () => {
  const list = (entry = '/project/default/storage/pools', as = auth()) =>
    renderAt('/project/:project/storage/pools', <PoolListPage />, entry, as);

  it('shows name, driver label, space with a bar, status, description and used-by count', async () => {
    const calls = fakeLxd(({ url }) => {
      if (url.startsWith('/1.0/storage-pools?')) return { metadata: pools };
      if (url === '/1.0/storage-pools/default/resources') {
        return { metadata: { space: { used: 25 * GiB, total: 100 * GiB } } };
      }
      if (url === '/1.0/storage-pools/fast/resources') return { status: 500, error: 'zpool gone' };
      return undefined;
    });
    list();
    const table = await screen.findByRole('table', { name: 'Storage pools' });
    const row = within(table).getByRole('row', { name: 'default' });
    expect(within(row).getByRole('link', { name: 'default' })).toHaveAttribute(
      'href',
      '/project/default/storage/pool/default',
    );
    expect(row).toHaveTextContent('Directory');
    expect(row).toHaveTextContent('Created');
    expect(row).toHaveTextContent('Main pool');
    expect(await within(row).findByText('25.0 GiB of 100.0 GiB')).toBeInTheDocument();
    expect(
      within(row).getByRole('meter', {
        name: 'Space used by default: 25.0 GiB of 100.0 GiB (25%)',
      }),
    ).toBeInTheDocument();
    expect(within(row).getAllByRole('cell').at(-1)).toHaveTextContent('2');
    const fast = within(table).getByRole('row', { name: 'fast' });
    expect(fast).toHaveTextContent('ZFS');
    expect(await within(fast).findByText('Unavailable')).toHaveAttribute('title', 'zpool gone');
    expect(calls.map((c) => c.url)).toContain('/1.0/storage-pools?project=default&recursion=1');
    expect(screen.getByRole('link', { name: 'Create pool' })).toHaveAttribute(
      'href',
      '/project/default/storage/pools/create',
    );
  });

  it('filters by driver and searches, both in the URL', async () => {
    fakeLxd(({ url }) => (url.startsWith('/1.0/storage-pools?') ? { metadata: pools } : undefined));
    list('/project/default/storage/pools?driver=zfs');
    const table = await screen.findByRole('table', { name: 'Storage pools' });
    expect(within(table).queryByRole('link', { name: 'default' })).toBeNull();
    expect(within(table).getByRole('link', { name: 'fast' })).toBeInTheDocument();
    const filter = screen.getByRole('combobox', { name: 'Driver' });
    expect(filter).toHaveValue('zfs');
    await userEvent.selectOptions(filter, '');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search storage pools' }), 'main');
    await waitFor(() => {
      expect(screen.getByTestId('location')).toHaveTextContent('search=main');
    });
    expect(within(table).getByRole('link', { name: 'default' })).toBeInTheDocument();
    expect(within(table).queryByRole('link', { name: 'fast' })).toBeNull();
  });

  it('disables Create with the reason when the identity may not create pools (spec §6)', async () => {
    fakeLxd(({ url }) => (url.startsWith('/1.0/storage-pools?') ? { metadata: pools } : undefined));
    list(
      undefined,
      auth({ isFineGrained: true, server: { ...server, access_entitlements: ['can_view'] } }),
    );
    const button = await screen.findByRole('button', { name: 'Create pool' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('title', 'You do not have permission to create storage pools');
  });

  it('shows no space without can_view_resources (spec §6), saying why', async () => {
    const calls = fakeLxd(({ url }) =>
      url.startsWith('/1.0/storage-pools?') ? { metadata: pools } : undefined,
    );
    list(
      '/project/default/storage/pools',
      auth({ isFineGrained: true, server: { ...server, access_entitlements: [] } }),
    );
    const table = await screen.findByRole('table', { name: 'Storage pools' });
    expect(
      within(table).getAllByTitle('You do not have permission to view the usage of storage pools'),
    ).toHaveLength(2);
    expect(calls.some((c) => c.url.includes('/resources'))).toBe(false);
  });

  it('allows Create with storage_pool_manager', async () => {
    fakeLxd(({ url }) => (url.startsWith('/1.0/storage-pools?') ? { metadata: pools } : undefined));
    list(
      undefined,
      auth({
        isFineGrained: true,
        server: { ...server, access_entitlements: ['storage_pool_manager'] },
      }),
    );
    expect(await screen.findByRole('link', { name: 'Create pool' })).toBeInTheDocument();
  });

  it('in a cluster, one row per member with its location, space and status', async () => {
    const calls = fakeLxd(({ url }) => {
      if (url.startsWith('/1.0/storage-pools?')) {
        return { metadata: [{ ...pools[1], locations: ['m1', 'm2'] }] };
      }
      if (url === '/1.0/storage-pools/fast/resources?target=m1') {
        return { metadata: { space: { used: GiB, total: 10 * GiB } } };
      }
      if (url === '/1.0/storage-pools/fast/resources?target=m2') {
        return { metadata: { space: { used: 2 * GiB, total: 10 * GiB } } };
      }
      if (url.startsWith('/1.0/storage-pools/fast?project=default&target=m2')) {
        return { metadata: { ...pools[1], status: 'Errored' } };
      }
      if (url.startsWith('/1.0/storage-pools/fast?project=default&target=m1')) {
        return { metadata: pools[1] };
      }
      return undefined;
    });
    list(undefined, clusteredAuth());
    const table = await screen.findByRole('table', { name: 'Storage pools' });
    expect(within(table).getByRole('columnheader', { name: /Location/ })).toBeInTheDocument();
    const m2 = within(table).getByRole('row', { name: 'fast on m2' });
    expect(await within(m2).findByText('Errored')).toBeInTheDocument();
    expect(await within(m2).findByText('2.0 GiB of 10.0 GiB')).toBeInTheDocument();
    const m1 = within(table).getByRole('row', { name: 'fast on m1' });
    expect(await within(m1).findByText('1.0 GiB of 10.0 GiB')).toBeInTheDocument();
    expect(calls.map((c) => c.url)).toContain('/1.0/storage-pools/fast/resources?target=m1');
  });

  it('says when there are no pools', async () => {
    fakeLxd(({ url }) => (url.startsWith('/1.0/storage-pools?') ? { metadata: [] } : undefined));
    list();
    expect(await screen.findByRole('heading', { name: 'No storage pools found' })).toBeVisible();
  });
});

describe('pool detail', () => {
  const detail = (name: string, tab = '', as = auth()) =>
    renderAt(
      '/project/:project/storage/pool/:name/:activeTab?',
      <PoolDetailPage />,
      `/project/default/storage/pool/${name}${tab}`,
      as,
    );

  it('shows driver, status, source, usage with inodes and who uses it as links', async () => {
    const used = {
      ...pools[0],
      used_by: [
        '/1.0/instances/c1',
        '/1.0/instances/c1/snapshots/s0',
        '/1.0/profiles/default?project=team',
        '/1.0/storage-pools/default/volumes/custom/vol1',
        '/1.0/images/abcdef0123456789',
      ],
    };
    fakeLxd(({ url }) => {
      if (url.startsWith('/1.0/storage-pools/default?')) return { metadata: used };
      if (url === '/1.0/storage-pools/default/resources') {
        return {
          metadata: {
            space: { used: 50 * GiB, total: 200 * GiB },
            inodes: { used: 1000, total: 5000 },
          },
        };
      }
      if (url.startsWith('/1.0/storage-pools?')) return { metadata: pools };
      return undefined;
    });
    detail('default');
    expect(await screen.findByRole('heading', { name: 'default', level: 1 })).toBeVisible();
    // In the summary and in the configuration keys.
    expect(await screen.findAllByText('/var/lib/lxd/storage-pools/default')).toHaveLength(2);
    expect(screen.getByText('Directory')).toBeVisible();
    expect(
      await screen.findByRole('meter', { name: /Space used: 50.0 GiB of 200.0 GiB/ }),
    ).toBeVisible();
    expect(screen.getByRole('meter', { name: 'Inodes used: 1,000 of 5,000' })).toBeVisible();
    const instances = screen.getByRole('region', { name: 'Used by instances' });
    expect(within(instances).getByRole('link', { name: 'c1' })).toHaveAttribute(
      'href',
      '/project/default/instance/c1',
    );
    expect(within(instances).getByRole('link', { name: 'c1/s0' })).toHaveAttribute(
      'href',
      '/project/default/instance/c1/snapshots',
    );
    expect(
      within(screen.getByRole('region', { name: 'Used by profiles' })).getByRole('link', {
        name: 'default',
      }),
    ).toHaveAttribute('href', '/project/team/profile/default');
    expect(
      within(screen.getByRole('region', { name: 'Used by volumes' })).getByRole('link', {
        name: 'vol1',
      }),
    ).toHaveAttribute('href', '/project/default/storage/pool/default/volumes/custom/vol1');
    expect(
      within(screen.getByRole('region', { name: 'Used by images' })).getByRole('link', {
        name: 'abcdef012345',
      }),
    ).toHaveAttribute('href', '/project/default/images?search=abcdef0123456789');
    expect(screen.getByRole('link', { name: 'Show the volumes of this pool' })).toHaveAttribute(
      'href',
      '/project/default/storage/volumes?pool=default',
    );
    // In use: deletion is refused before asking LXD, naming the users.
    const reason =
      'This storage pool is used by 2 instances (c1, c1/s0), 1 profile (default in project team) and 1 volume (vol1). Remove them from it before deleting it.';
    expect(screen.getByRole('button', { name: 'Delete' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveAttribute('title', reason);
    expect(screen.getByRole('note')).toHaveTextContent(reason);
  });

  const fineGrained = (tab: string, entitlements: string[], serverEntitlements: string[]) => {
    const calls = fakeLxd(({ url }) => {
      if (url.startsWith('/1.0/storage-pools/fast?')) {
        return { metadata: { ...pools[1], access_entitlements: entitlements }, etag: '"p1"' };
      }
      if (url === '/1.0/storage-pools/fast/resources') {
        return { metadata: { space: { used: GiB, total: 4 * GiB } } };
      }
      if (url.startsWith('/1.0/storage-pools?')) return { metadata: pools };
      return undefined;
    });
    detail(
      'fast',
      tab,
      auth({ isFineGrained: true, server: { ...server, access_entitlements: serverEntitlements } }),
    );
    return calls;
  };

  it('asks for nothing while fine-grained mode is unknown', async () => {
    const calls = fakeLxd(({ url }) =>
      url.startsWith('/1.0/storage-pools/fast?') ? { metadata: pools[1] } : undefined,
    );
    detail('fast', '', auth({ isFineGrained: null }));
    expect(await screen.findByText('Loading storage pool…')).toBeVisible();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.map((c) => c.url).filter((url) => url.startsWith('/1.0/storage-pools/'))).toEqual(
      [],
    );
    // A fetch started anyway (`enabled` does not stop it) fails with the spec's message.
    await expect(new QueryClient().query(poolQuery('default', 'fast', null))).rejects.toThrow(
      FINE_GRAINED_UNKNOWN_ERROR,
    );
    expect(calls.map((c) => c.url).filter((url) => url.startsWith('/1.0/storage-pools/'))).toEqual(
      [],
    );
  });

  it('fine-grained without the entitlements: rename, delete, save and usage say why', async () => {
    const calls = fineGrained('', [], []);
    const rename = await screen.findByRole('button', { name: 'Rename' });
    expect(rename).toBeDisabled();
    expect(rename).toHaveAccessibleDescription(
      'You do not have permission to rename this storage pool',
    );
    const remove = screen.getByRole('button', { name: 'Delete' });
    expect(remove).toBeDisabled();
    expect(remove).toHaveAccessibleDescription(
      'You do not have permission to delete this storage pool',
    );
    expect(
      screen.getByText('You do not have permission to view the usage of storage pools.'),
    ).toBeVisible();
    expect(calls.map((c) => c.url)).toContain(
      '/1.0/storage-pools/fast?project=default&recursion=1&with-access-entitlements=can_edit%2Ccan_delete',
    );
    expect(calls.map((c) => c.url)).not.toContain('/1.0/storage-pools/fast/resources');
    await userEvent.click(screen.getByRole('tab', { name: 'Configuration' }));
    const save = await screen.findByRole('button', { name: 'Save changes' });
    expect(save).toBeDisabled();
    expect(save).toHaveAccessibleDescription(
      'You do not have permission to change this storage pool',
    );
  });

  it('fine-grained with the entitlements: rename, delete and usage are there', async () => {
    fineGrained('', ['can_edit', 'can_delete'], ['viewer']);
    expect(await screen.findByRole('meter', { name: /Space used/ })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Rename' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeEnabled();
  });

  it('deletes an unused pool; LXD’s own refusal is shown when it still fails', async () => {
    let refuse = true;
    const calls = fakeLxd(({ method, url }) => {
      if (method === 'DELETE') {
        return refuse ? { status: 400, error: 'The storage pool is currently in use' } : {};
      }
      if (url.startsWith('/1.0/storage-pools/fast?')) return { metadata: pools[1] };
      if (url.startsWith('/1.0/storage-pools?')) return { metadata: pools };
      return undefined;
    });
    detail('fast');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete storage pool' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The storage pool is currently in use',
    );
    refuse = false;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => {
      expect(screen.getByTestId('location')).toHaveTextContent('/project/default/storage/pools');
    });
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([
      '/1.0/storage-pools/fast',
      '/1.0/storage-pools/fast',
    ]);
  });

  it('rename sends POST {name}; LXD’s "not implemented" is explained', async () => {
    const calls = fakeLxd(({ method, url }) => {
      if (method === 'POST') return { status: 501, error: 'not implemented' };
      if (url.startsWith('/1.0/storage-pools/fast?')) return { metadata: pools[1] };
      if (url.startsWith('/1.0/storage-pools?')) return { metadata: pools };
      return undefined;
    });
    detail('fast');
    await userEvent.click(await screen.findByRole('button', { name: 'Rename' }));
    const dialog = screen.getByRole('dialog', { name: 'Rename storage pool' });
    const field = within(dialog).getByLabelText('New name');
    await userEvent.clear(field);
    await userEvent.type(field, 'default');
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'A storage pool with this name already exists',
    );
    await userEvent.clear(field);
    await userEvent.type(field, 'faster');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rename' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      POOL_MESSAGES.renameUnsupported,
    );
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      url: '/1.0/storage-pools/fast',
      body: { name: 'faster' },
    });
  });

  it('edits with PATCH and If-Match; a 412 says it is a conflict and keeps the form', async () => {
    const calls = fakeLxd(({ method, url }) => {
      if (method === 'PATCH') return { status: 412, error: 'ETag mismatch' };
      if (url.startsWith('/1.0/storage-pools/fast?')) return { metadata: pools[1], etag: '"v1"' };
      if (url.startsWith('/1.0/storage-pools?')) return { metadata: pools };
      return undefined;
    });
    detail('fast', '/configuration');
    const description = await screen.findByRole('textbox', { name: 'Description' });
    expect(screen.getByRole('textbox', { name: 'Source' })).toBeDisabled();
    await userEvent.clear(description);
    await userEvent.type(description, 'Mine');
    await userEvent.click(screen.getByRole('button', { name: 'Save 1 change' }));
    expect(await screen.findByText('Someone else changed this storage pool')).toBeVisible();
    expect(description).toHaveValue('Mine');
    const patch = calls.find((c) => c.method === 'PATCH');
    expect(patch?.url).toBe('/1.0/storage-pools/fast');
    expect(patch?.headers.get('If-Match')).toBe('"v1"');
    expect(patch?.body).toEqual({ description: 'Mine', config: { size: '10GiB' } });
  });

  it('without an ETag (LXD 5.0.2) it saves without If-Match and follows the saved version', async () => {
    let current = { ...pools[1] };
    const calls = fakeLxd(({ method, url, body }) => {
      if (method === 'PATCH') {
        current = { ...current, description: (body as { description: string }).description };
        return {};
      }
      if (url.startsWith('/1.0/storage-pools/fast?')) return { metadata: current };
      if (url.startsWith('/1.0/storage-pools?')) return { metadata: pools };
      return undefined;
    });
    detail('fast', '/configuration');
    const description = await screen.findByRole('textbox', { name: 'Description' });
    await userEvent.clear(description);
    await userEvent.type(description, 'Saved');
    await userEvent.click(screen.getByRole('button', { name: 'Save 1 change' }));
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Save changes' })).toBeDisabled();
    });
    expect(screen.getByRole('textbox', { name: 'Description' })).toHaveValue('Saved');
    expect(calls.find((c) => c.method === 'PATCH')?.headers.get('If-Match')).toBeNull();
  });
});
