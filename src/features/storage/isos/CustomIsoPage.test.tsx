import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeXhr } from '../../../testing/fake-xhr';
import { fineGrainedAuth, testAuth, testServer } from '../../../testing/render';
import { endedOperation, fakeLxd, renderAt, type FakeCall } from '../../../testing/fake-lxd';
import { CustomIsoListPage } from './pages/CustomIsoListPage';

const ISO_SERVER = testServer({ api_extensions: ['custom_volume_iso'] });

const isoVolume = (name: string, usedBy: string[] = []) => ({
  name,
  type: 'custom',
  content_type: 'iso',
  description: '',
  config: { size: '2097152' },
  used_by: usedBy,
  created_at: '2025-03-01T10:00:00Z',
  location: 'none',
});

function volumesLxd(state: { uploaded: boolean }, extra?: (call: FakeCall) => unknown) {
  return fakeLxd((call) => {
    const { url, method } = call;
    const handled = extra?.(call);
    if (handled) return handled;
    if (url.startsWith('/1.0/storage-pools?')) {
      return { metadata: [{ name: 'default', driver: 'dir', config: {}, description: '' }] };
    }
    if (method === 'GET' && url.startsWith('/1.0/storage-pools/default/volumes?')) {
      return {
        metadata: [
          isoVolume('alpine'),
          isoVolume('debian-12', ['/1.0/instances/vm1', '/1.0/instances/vm2?project=team']),
          { ...isoVolume('data'), content_type: 'filesystem' },
          ...(state.uploaded ? [isoVolume('debian-12-1')] : []),
        ],
      };
    }
    if (url.startsWith('/1.0/storage-pools/default/volumes/custom/debian-12-1?')) {
      return state.uploaded ? { metadata: isoVolume('debian-12-1') } : undefined;
    }
    if (url.startsWith('/1.0/operations/op-iso/wait'))
      return { metadata: endedOperation('op-iso') };
    return undefined;
  });
}

const page = (auth = testAuth({ server: ISO_SERVER })) =>
  renderAt(
    '/project/:project/storage/custom-isos',
    <CustomIsoListPage />,
    '/project/default/storage/custom-isos',
    auth,
  );

beforeEach(() => {
  FakeXhr.last = undefined;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('custom ISO list', () => {
  it('says plainly that the server does not support custom ISO volumes, and nothing else', () => {
    const calls = fakeLxd(() => undefined);
    page(testAuth());
    expect(screen.getByRole('heading', { name: 'Custom ISOs', level: 1 })).toBeInTheDocument();
    expect(
      screen.getByText('This server does not support custom ISO volumes.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upload ISO' })).toBeNull();
    expect(calls).toEqual([]);
  });

  it('lists ISO volumes across pools with size and who uses them, linked', async () => {
    volumesLxd({ uploaded: false });
    page();
    const table = await screen.findByRole('table', { name: 'Custom ISOs' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('alpine');
    expect(rows[1]).toHaveTextContent('2.0 MiB');
    expect(rows[1]).toHaveTextContent('Not in use');
    expect(within(table).queryByText('data')).toBeNull();
    expect(within(rows[2] as HTMLElement).getByRole('link', { name: 'vm1' })).toHaveAttribute(
      'href',
      '/project/default/instance/vm1',
    );
    expect(within(rows[2] as HTMLElement).getByRole('link', { name: 'vm2' })).toHaveAttribute(
      'href',
      '/project/team/instance/vm2',
    );
  });

  it('refuses to delete an ISO in use, with the reason; deletes one that is not', async () => {
    const calls = volumesLxd({ uploaded: false }, ({ method }) =>
      method === 'DELETE' ? { metadata: {} } : undefined,
    );
    page();
    const inUse = await screen.findByRole('button', { name: 'Delete debian-12' });
    expect(inUse).toBeDisabled();
    expect(inUse).toHaveAttribute(
      'title',
      'In use by 2 instances (vm1, vm2): detach it before deleting it.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Delete alpine' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete ISO' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    expect(calls.find((c) => c.method === 'DELETE')?.url).toBe(
      '/1.0/storage-pools/default/volumes/custom/alpine?project=default',
    );
  });

  it('disables Upload ISO without can_create_storage_volumes', async () => {
    volumesLxd({ uploaded: false });
    page({ ...fineGrainedAuth({ project: ['can_edit'] }), server: ISO_SERVER });
    const button = await screen.findByRole('button', { name: 'Upload ISO' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(
      'You do not have permission to create storage volumes in this project',
    );
    const remove = await screen.findByRole('button', { name: 'Delete alpine' });
    expect(remove).toBeDisabled();
    expect(remove).toHaveAccessibleDescription('You do not have permission to delete this ISO');
  });

  it('enables Upload ISO and Delete with the entitlements (fine-grained)', async () => {
    volumesLxd({ uploaded: false }, ({ url }) =>
      /\/volumes\?/.test(url) && url.includes('with-access-entitlements')
        ? {
            metadata: [{ ...isoVolume('alpine'), access_entitlements: ['can_delete'] }],
          }
        : undefined,
    );
    page({ ...fineGrainedAuth({ project: ['can_create_storage_volumes'] }), server: ISO_SERVER });
    expect(await screen.findByRole('button', { name: 'Delete alpine' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Upload ISO' })).toBeEnabled();
  });
});

describe('uploading an ISO', () => {
  it('names it after the file, unique in the pool, sends it with the ISO headers, shows progress and the new ISO', async () => {
    const state = { uploaded: false };
    volumesLxd(state);
    page();
    await screen.findByRole('table', { name: 'Custom ISOs' });
    await userEvent.click(screen.getByRole('button', { name: 'Upload ISO' }));
    const dialog = screen.getByRole('dialog', { name: 'Upload ISO' });
    const file = new File([new Uint8Array(3 * 1024 * 1024)], 'debian 12.iso');
    await userEvent.upload(within(dialog).getByLabelText('ISO file'), file);
    const name = within(dialog).getByLabelText('Name');
    await waitFor(() => {
      expect(name).toHaveValue('debian-12-1');
    });
    expect(within(dialog).getByLabelText('Storage pool')).toHaveValue('default');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await waitFor(() => {
      expect(FakeXhr.last).toBeDefined();
    });
    const xhr = FakeXhr.last as FakeXhr;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/1.0/storage-pools/default/volumes/custom?project=default');
    expect(xhr.headers).toEqual([
      ['Content-Type', 'application/octet-stream'],
      ['X-LXD-type', 'iso'],
      ['X-LXD-name', 'debian-12-1'],
      ['X-Incus-type', 'iso'],
      ['X-Incus-name', 'debian-12-1'],
    ]);
    expect(xhr.body).toBe(file);

    const progress = within(dialog).getByRole('progressbar', { name: 'Upload progress' });
    act(() => {
      xhr.progress(1024 * 1024, 3 * 1024 * 1024);
    });
    expect(progress).toHaveAttribute('aria-valuenow', '33');
    expect(dialog).toHaveTextContent('33% · 1.0 MiB of 3.0 MiB');

    state.uploaded = true;
    act(() => {
      xhr.finish('op-iso');
    });
    expect(await within(dialog).findByText('ISO uploaded')).toBeInTheDocument();
    expect(progress).toHaveAttribute('aria-valuenow', '100');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    const table = screen.getByRole('table', { name: 'Custom ISOs' });
    expect(await within(table).findByText('debian-12-1')).toBeInTheDocument();
  });

  it('checks an edited name with LXD and says when it is taken', async () => {
    volumesLxd({ uploaded: false }, ({ url }) =>
      url.startsWith('/1.0/storage-pools/default/volumes/custom/alpine?')
        ? { metadata: isoVolume('alpine') }
        : undefined,
    );
    page();
    await screen.findByRole('table', { name: 'Custom ISOs' });
    await userEvent.click(screen.getByRole('button', { name: 'Upload ISO' }));
    const dialog = screen.getByRole('dialog', { name: 'Upload ISO' });
    await userEvent.upload(within(dialog).getByLabelText('ISO file'), new File(['x'], 'a.iso'));
    const name = within(dialog).getByLabelText('Name');
    await userEvent.clear(name);
    await userEvent.type(name, 'alpine');
    expect(
      await within(dialog).findByText('A storage volume with this name already exists'),
    ).toBeInTheDocument();
    await userEvent.clear(name);
    await userEvent.type(name, 'bad/name');
    expect(
      within(dialog).getByText('Only letters, digits, hyphens, underscores and dots are allowed'),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(FakeXhr.last).toBeUndefined();
  });

  it('asks for a file before uploading', async () => {
    volumesLxd({ uploaded: false });
    page();
    await screen.findByRole('table', { name: 'Custom ISOs' });
    await userEvent.click(screen.getByRole('button', { name: 'Upload ISO' }));
    const dialog = screen.getByRole('dialog', { name: 'Upload ISO' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await within(dialog).findByText('Choose an ISO file')).toBeInTheDocument();
    expect(FakeXhr.last).toBeUndefined();
  });

  it('cancels an upload: the request is aborted and the form stays', async () => {
    volumesLxd({ uploaded: false });
    page();
    await screen.findByRole('table', { name: 'Custom ISOs' });
    await userEvent.click(screen.getByRole('button', { name: 'Upload ISO' }));
    const dialog = screen.getByRole('dialog', { name: 'Upload ISO' });
    await userEvent.upload(
      within(dialog).getByLabelText('ISO file'),
      new File(['iso'], 'rescue.iso'),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Cancel upload' }));
    expect(FakeXhr.last?.aborted).toBe(true);
    expect(
      await within(dialog).findByText('The upload was cancelled. No volume was created.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Selected: rescue.iso')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Upload' })).toBeEnabled();
  });

  it("shows LXD's error when the upload is refused", async () => {
    volumesLxd({ uploaded: false });
    page();
    await screen.findByRole('table', { name: 'Custom ISOs' });
    await userEvent.click(screen.getByRole('button', { name: 'Upload ISO' }));
    const dialog = screen.getByRole('dialog', { name: 'Upload ISO' });
    await userEvent.upload(within(dialog).getByLabelText('ISO file'), new File(['x'], 'x.iso'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await waitFor(() => {
      expect(FakeXhr.last).toBeDefined();
    });
    act(() => {
      const xhr = FakeXhr.last as FakeXhr;
      xhr.status = 400;
      xhr.responseText = JSON.stringify({
        type: 'error',
        error: 'Not enough space',
        error_code: 400,
      });
      xhr.emit('load');
    });
    expect(await within(dialog).findByText('Not enough space')).toBeInTheDocument();
    expect(within(dialog).getByText('Upload failed')).toBeInTheDocument();
  });
});
