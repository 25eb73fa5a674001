import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LxdImage } from '../../../lxd/types/image';
import type { AuthState } from '../../../shared/auth/context';
import { fineGrainedAuth, testAuth, testServer } from '../../../testing/render';
import { renderImages } from '../testing/providers';
import { ImageListPage } from './ImageListPage';

function image(fingerprint: string, description: string, over: Partial<LxdImage> = {}): LxdImage {
  return {
    fingerprint,
    type: 'container',
    aliases: [],
    properties: { description },
    architecture: 'x86_64',
    size: 1036171,
    public: false,
    filename: 'x.tar.gz',
    auto_update: false,
    cached: false,
    created_at: '2023-11-14T22:13:20Z',
    uploaded_at: '2026-11-22T07:23:07.161699494Z',
    last_used_at: '0001-01-01T00:00:00Z',
    expires_at: '1970-01-01T00:00:00Z',
    ...over,
  };
}

const one = image('1'.repeat(64), 'First image', { aliases: [{ name: 'first', description: '' }] });
const two = image('2'.repeat(64), 'Second image', { access_entitlements: ['can_delete'] });

function testProject(name: string, config: Record<string, string> = {}) {
  return { name, description: '', config };
}

let images: LxdImage[];
const calls: string[] = [];
let aliases: { name: string; target: string; access_entitlements?: string[] }[] = [];

beforeEach(() => {
  images = [one, two];
  aliases = [{ name: 'first', target: one.fingerprint }];
  calls.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      calls.push(`${init?.method ?? 'GET'} ${url}`);
      if (init?.method === 'DELETE' && url.startsWith(`/1.0/images/${one.fingerprint}`)) {
        return Promise.resolve(
          new Response(JSON.stringify({ type: 'error', error: 'not found', error_code: 404 }), {
            status: 404,
          }),
        );
      }
      if (init?.method === 'DELETE') {
        const id = `op-${url.slice(12, 16)}`;
        images = images.filter((candidate) => !url.includes(candidate.fingerprint));
        return Promise.resolve(
          new Response(
            JSON.stringify({ type: 'async', operation: `/1.0/operations/${id}`, metadata: { id } }),
            { status: 202 },
          ),
        );
      }
      const metadata = url.startsWith('/1.0/images/aliases') ? aliases : images;
      return Promise.resolve(new Response(JSON.stringify({ type: 'sync', metadata })));
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderPage(auth: AuthState = testAuth()) {
  return renderImages(<ImageListPage />, { auth });
}

describe('ImageListPage', () => {
  it('lists the project images with their columns', async () => {
    renderPage();
    const table = await screen.findByRole('table', { name: 'Images' });
    const row = within(table).getByRole('row', { name: /First image/ });
    expect(row).toHaveTextContent('first');
    expect(row).toHaveTextContent('111111111111');
    expect(row).toHaveTextContent('Container');
    expect(row).toHaveTextContent('1.0 MiB');
    // Architecture and Public are in the Columns menu, hidden by default.
    expect(row).not.toHaveTextContent('x86_64');
    expect(within(table).queryByRole('columnheader', { name: 'Public' })).toBeNull();
    expect(
      within(row).getByRole('link', { name: 'Create instance from First image' }),
    ).toHaveAttribute('href', `/project/default/instances/create?image=${one.fingerprint}`);
    expect(calls).toContain('GET /1.0/images?project=default&recursion=1');
  });

  it('opens the aliases dialog of a row', async () => {
    renderPage();
    await screen.findByRole('table', { name: 'Images' });
    await userEvent.click(screen.getByRole('button', { name: 'Manage aliases of First image' }));
    const dialog = screen.getByRole('dialog', { name: 'Aliases of First image' });
    expect(within(dialog).getByRole('button', { name: 'Remove alias first' })).toBeInTheDocument();
  });

  it('filters by the search text', async () => {
    renderPage();
    await screen.findByRole('table', { name: 'Images' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search images' }), 'second');
    expect(screen.queryByRole('row', { name: /First image/ })).not.toBeInTheDocument();
    expect(screen.getByRole('row', { name: /Second image/ })).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search images' }), ' nothing');
    expect(screen.getByText('No images match the search')).toBeInTheDocument();
  });

  it('filters by type and by the architectures listed', async () => {
    images = [
      one,
      image('3'.repeat(64), 'Arm VM', { type: 'virtual-machine', architecture: 'aarch64' }),
    ];
    renderPage();
    await screen.findByRole('table', { name: 'Images' });
    const arch = screen.getByRole('combobox', { name: 'Architecture' });
    expect(
      within(arch)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All', 'aarch64', 'x86_64']);
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Type' }),
      'virtual-machine',
    );
    expect(screen.queryByRole('row', { name: /First image/ })).not.toBeInTheDocument();
    expect(screen.getByRole('row', { name: /Arm VM/ })).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Type' }), '');
    await userEvent.selectOptions(arch, 'x86_64');
    expect(screen.getByRole('row', { name: /First image/ })).toBeInTheDocument();
    expect(screen.queryByRole('row', { name: /Arm VM/ })).not.toBeInTheDocument();
  });

  it('asks can_delete in fine-grained mode and disables deletion without it', async () => {
    renderPage(testAuth({ isFineGrained: true }));
    await screen.findByRole('table', { name: 'Images' });
    expect(calls[0]).toBe(
      'GET /1.0/images?project=default&recursion=1&with-access-entitlements=can_delete',
    );
    expect(screen.getByRole('checkbox', { name: 'Select First image' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Select First image' })).toHaveAttribute(
      'title',
      'You do not have permission to delete this image',
    );
    // Select all takes the one image that can be deleted.
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all 1 shown image' }));
    expect(screen.getByRole('button', { name: 'Delete 1 image' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete image First image' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Select Second image' })).toBeEnabled();
  });

  it('fine-grained without the project entitlements: upload, create and aliases say why', async () => {
    renderPage(fineGrainedAuth());
    await screen.findByRole('table', { name: 'Images' });
    const upload = screen.getByRole('button', { name: 'Upload image' });
    expect(upload).toBeDisabled();
    expect(upload).toHaveAccessibleDescription(
      'You do not have permission to create images in this project',
    );
    const create = screen.getByRole('button', { name: 'Create instance from First image' });
    expect(create).toBeDisabled();
    expect(create).toHaveAccessibleDescription(
      'You do not have permission to create instances in this project',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Manage aliases of First image' }));
    const dialog = screen.getByRole('dialog', { name: 'Aliases of First image' });
    const add = within(dialog).getByRole('button', { name: 'Add alias' });
    expect(add).toBeDisabled();
    expect(add).toHaveAccessibleDescription(
      'You do not have permission to create image aliases in this project',
    );
    const remove = within(dialog).getByRole('button', { name: 'Remove alias first' });
    expect(remove).toBeDisabled();
    expect(remove).toHaveAccessibleDescription(
      'You do not have permission to delete this image alias',
    );
    await waitFor(() => {
      expect(calls).toContain(
        'GET /1.0/images/aliases?project=default&recursion=1&with-access-entitlements=can_delete',
      );
    });
  });

  it('fine-grained with the entitlements: upload, create and aliases are enabled', async () => {
    aliases = [{ name: 'first', target: one.fingerprint, access_entitlements: ['can_delete'] }];
    renderPage(
      fineGrainedAuth({
        project: ['can_create_images', 'can_create_instances', 'can_create_image_aliases'],
      }),
    );
    await screen.findByRole('table', { name: 'Images' });
    expect(screen.getByRole('button', { name: 'Upload image' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Create instance from First image' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Manage aliases of First image' }));
    const dialog = screen.getByRole('dialog', { name: 'Aliases of First image' });
    expect(within(dialog).getByRole('button', { name: 'Add alias' })).toBeEnabled();
    await waitFor(() => {
      expect(within(dialog).getByRole('button', { name: 'Remove alias first' })).toBeEnabled();
    });
  });

  it('lists every project in one call where the server supports it', async () => {
    renderPage(testAuth({ server: testServer({ api_extensions: ['images_all_projects'] }) }));
    await screen.findByRole('table', { name: 'Images' });
    images = [
      { ...one, project: 'default' },
      { ...two, project: 'other' },
    ];
    await userEvent.click(screen.getByRole('switch', { name: 'All projects' }));
    const row = await screen.findByRole('row', { name: /Second image/ });
    expect(row).toHaveTextContent('other');
    expect(calls).toContain('GET /1.0/images?recursion=1&all-projects=1');
  });

  it('asks each project that keeps its own images where the server cannot list all (LXD 5.0)', async () => {
    const projects = [
      testProject('default'),
      testProject('own', { 'features.images': 'true' }),
      testProject('shared', { 'features.images': 'false' }),
    ];
    renderPage(testAuth({ projects }));
    await screen.findByRole('table', { name: 'Images' });
    await userEvent.click(screen.getByRole('switch', { name: 'All projects' }));
    await screen.findByRole('columnheader', { name: /Project/ });
    const listCalls = calls.filter((call) => call.startsWith('GET /1.0/images?'));
    expect(listCalls).toContain('GET /1.0/images?project=own&recursion=1');
    expect(listCalls).not.toContain('GET /1.0/images?project=shared&recursion=1');
    expect(listCalls.some((call) => call.includes('all-projects'))).toBe(false);
    // The same image listed in two projects shows once for each, with its project.
    expect(await screen.findAllByRole('row', { name: /Second image/ })).toHaveLength(2);
  });

  it('deletes several images in parallel and counts the outcomes', async () => {
    const { store, tracked } = renderPage();
    await screen.findByRole('table', { name: 'Images' });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all 2 shown images' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete 2 images' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete 2 images' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await vi.waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
    expect(calls.filter((call) => call.startsWith('DELETE'))).toEqual([
      `DELETE /1.0/images/${one.fingerprint}?project=default`,
      `DELETE /1.0/images/${two.fingerprint}?project=default`,
    ]);
    // The failed request counts as a rejected result; the other operation was tracked to its end.
    expect(tracked).toEqual(['op-2222']);
    const [summary] = store.getSnapshot().history;
    expect(summary?.kind).toBe('negative');
    expect(summary?.title).toBe('1 image deleted, 1 failed');
    expect(summary?.message).toBe('First image (111111111111): not found');
  });
});

describe('ImageListPage when empty', () => {
  const incus = () =>
    testAuth({
      server: testServer({
        api_extensions: ['dev_incus_events'],
        environment: { server: 'incus', server_version: '6.0.4', server_clustered: false },
      }),
    });

  it('names lxc image export on LXD', async () => {
    images = [];
    renderPage();
    const text = await screen.findByText(/Upload an image file/);
    expect(text).toHaveTextContent(
      'Upload an image file (for example one exported with lxc image export), or create one from an instance or snapshot on its page.',
    );
  });

  it('names incus image export on Incus', async () => {
    images = [];
    renderPage(incus());
    const text = await screen.findByText(/Upload an image file/);
    expect(text).toHaveTextContent(
      'Upload an image file (for example one exported with incus image export), or create one from an instance or snapshot on its page.',
    );
    expect(screen.queryByText(/lxc/)).toBeNull();
  });
});
