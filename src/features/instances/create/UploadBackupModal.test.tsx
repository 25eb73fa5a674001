import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeXhr } from '../../../testing/fake-xhr';
import { fineGrainedAuth, testAuth, testServer } from '../../../testing/render';
import { fakeLxd, renderAt } from '../../../testing/fake-lxd';
import { CreateInstancePage } from './CreateInstancePage';

function lxd() {
  return fakeLxd(({ url }) => {
    if (url.startsWith('/1.0/instances/taken?')) return { metadata: { name: 'taken' } };
    if (url.startsWith('/1.0/storage-pools?')) {
      return { metadata: ['/1.0/storage-pools/default', '/1.0/storage-pools/fast'] };
    }
    if (url.startsWith('/1.0/profiles?')) return { metadata: [] };
    if (url.startsWith('/1.0/operations/op-restore/wait')) {
      return { metadata: { id: 'op-restore', status: 'Success', status_code: 200, err: '' } };
    }
    return undefined;
  });
}

async function openDialog(auth = testAuth()) {
  renderAt(
    '/project/:project/instances/create',
    <CreateInstancePage />,
    '/project/default/instances/create',
    auth,
  );
  await userEvent.click(screen.getByRole('button', { name: 'Upload instance backup' }));
  return screen.getByRole('dialog', { name: 'Upload instance backup' });
}

const backup = () => new File(['backup bytes'], 'web.tar.gz', { type: 'application/gzip' });

/** Chooses `file`, names the instance web2 and sends it; resolves with the request. */
async function send(dialog: HTMLElement, file = backup()) {
  await userEvent.upload(within(dialog).getByLabelText('Backup file'), file);
  await userEvent.type(within(dialog).getByRole('textbox', { name: 'Instance name' }), 'web2');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
  await waitFor(() => {
    expect(FakeXhr.last).toBeDefined();
  });
  return FakeXhr.last as FakeXhr;
}

beforeEach(() => {
  FakeXhr.last = undefined;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('uploading an instance backup', () => {
  it('asks for a file and applies the instance name rules before sending anything', async () => {
    lxd();
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await within(dialog).findByText('Choose a backup file')).toBeVisible();
    expect(
      await within(dialog).findByText('Instance name must be between 1 and 63 characters'),
    ).toBeVisible();

    const name = within(dialog).getByRole('textbox', { name: 'Instance name' });
    await userEvent.type(name, '1abc');
    expect(await within(dialog).findByText('Instance name must start with a letter')).toBeVisible();
    await userEvent.clear(name);
    await userEvent.type(name, 'bad_name');
    expect(
      await within(dialog).findByText('Only alphanumeric and hyphen characters are allowed'),
    ).toBeVisible();
    await userEvent.clear(name);
    await userEvent.type(name, 'taken');
    expect(
      await within(dialog).findByText('An instance with this name already exists'),
    ).toBeVisible();
    await userEvent.upload(within(dialog).getByLabelText('Backup file'), backup());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(FakeXhr.last).toBeUndefined();
  });

  it('sends the file with its name and pool, shows progress, then opens the new instance', async () => {
    lxd();
    const dialog = await openDialog();
    const file = backup();
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Storage pool' }), [
      'fast',
    ]);
    const xhr = await send(dialog, file);
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/1.0/instances?project=default');
    expect(xhr.headers).toEqual([
      ['Content-Type', 'application/octet-stream'],
      ['X-LXD-name', 'web2'],
      ['X-LXD-pool', 'fast'],
      ['X-Incus-name', 'web2'],
      ['X-Incus-pool', 'fast'],
    ]);
    expect(xhr.body).toBe(file);
    act(() => {
      xhr.progress(6, 12);
    });
    expect(within(dialog).getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute(
      'aria-valuenow',
      '50',
    );
    expect(within(dialog).getByRole('button', { name: 'Cancel upload' })).toBeVisible();
    act(() => {
      xhr.finish('op-restore');
    });
    await waitFor(() => {
      expect(screen.getByTestId('location')).toHaveTextContent('/project/default/instance/web2');
    });
  });

  it('leaves the pool to the backup unless one is chosen', async () => {
    lxd();
    const xhr = await send(await openDialog());
    expect(xhr.headers.map(([header]) => header)).not.toContain('X-LXD-pool');
  });

  it('cancels the upload and keeps the form', async () => {
    lxd();
    const dialog = await openDialog();
    await send(dialog);
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Cancel upload' }));
    expect(FakeXhr.last?.aborted).toBe(true);
    expect(
      await within(dialog).findByText('The upload was cancelled. No instance was created.'),
    ).toBeVisible();
    expect(within(dialog).getByRole('textbox', { name: 'Instance name' })).toHaveValue('web2');
    expect(within(dialog).getByRole('button', { name: 'Upload' })).toBeEnabled();
  });

  it("shows LXD's refusal and keeps the form", async () => {
    lxd();
    const dialog = await openDialog();
    const xhr = await send(dialog);
    act(() => {
      xhr.fail(400, 'Invalid backup file');
    });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Invalid backup file');
    expect(within(dialog).getByRole('textbox', { name: 'Instance name' })).toHaveValue('web2');
  });

  it('is disabled with the reason without the right to create instances', async () => {
    lxd();
    renderAt(
      '/project/:project/instances/create',
      <CreateInstancePage />,
      '/project/default/instances/create',
      fineGrainedAuth(),
    );
    expect(await screen.findByRole('button', { name: /Upload instance backup/ })).toBeDisabled();
  });
});

describe("the backup file help names the server's client", () => {
  it('lxc export on LXD', async () => {
    lxd();
    const dialog = await openDialog();
    expect(within(dialog).getByLabelText('Backup file')).toHaveAccessibleDescription(
      'A tarball made by an instance backup export or lxc export.',
    );
  });

  it('incus export on Incus', async () => {
    lxd();
    const auth = testAuth({
      server: testServer({
        api_extensions: ['dev_incus_events'],
        environment: { server: 'incus', server_version: '6.0.4', server_clustered: false },
      }),
    });
    const dialog = await openDialog(auth);
    expect(within(dialog).getByLabelText('Backup file')).toHaveAccessibleDescription(
      'A tarball made by an instance backup export or incus export.',
    );
  });
});
