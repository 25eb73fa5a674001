import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeXhr } from '../../../testing/fake-xhr';
import { testAuth, testServer } from '../../../testing/render';
import { renderImages } from '../testing/providers';
import { UploadImageModal } from './UploadImageModal';

const file = () => new File([new Uint8Array(2048)], 'busybox.tar.gz');

beforeEach(() => {
  FakeXhr.last = undefined;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(new Response(JSON.stringify({ type: 'sync', metadata: [] })))),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('UploadImageModal', () => {
  it('asks for a file before uploading', async () => {
    renderImages(<UploadImageModal project="default" onClose={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose an image file');
    expect(screen.getByLabelText('Image file')).toHaveAccessibleDescription(/Choose an image file/);
    expect(FakeXhr.last).toBeUndefined();
  });

  it('shows percentage, bytes sent and total, then the imported image', async () => {
    const { tracked, store } = renderImages(
      <UploadImageModal project="default" onClose={vi.fn()} />,
      { end: () => ({ status: 'Success', metadata: { fingerprint: 'f00dfeed1234abcd' } }) },
    );
    await userEvent.upload(screen.getByLabelText('Image file'), file());
    await userEvent.click(screen.getByRole('checkbox', { name: /^Public/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    const xhr = FakeXhr.last;
    expect(xhr?.url).toBe('/1.0/images?project=default');
    expect(xhr?.headers).toContainEqual(['X-LXD-public', 'true']);

    act(() => {
      xhr?.progress(1024, 2048);
    });
    const bar = screen.getByRole('progressbar', { name: 'Upload progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '50');
    expect(screen.getByText('50% · 1.0 KiB of 2.0 KiB')).toBeVisible();

    act(() => {
      xhr?.finish('op-up');
    });
    expect(await screen.findByText('Image imported')).toBeVisible();
    expect(bar).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByText('100% · 2.0 KiB of 2.0 KiB')).toBeVisible();
    expect(tracked).toEqual(['op-up']);
    expect(screen.getByRole('link', { name: 'Create an instance from it' })).toHaveAttribute(
      'href',
      '/project/default/instances/create?image=f00dfeed1234abcd',
    );
    expect(store.getSnapshot().history[0]?.title).toBe('Image uploaded');
  });

  it('cancels the upload and keeps the chosen file', async () => {
    renderImages(<UploadImageModal project="default" onClose={vi.fn()} />);
    await userEvent.upload(screen.getByLabelText('Image file'), file());
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    act(() => {
      FakeXhr.last?.progress(100, 2048);
    });
    await userEvent.click(screen.getByRole('button', { name: 'Cancel upload' }));
    expect(FakeXhr.last?.aborted).toBe(true);
    expect(
      await screen.findByText('The upload was cancelled. Nothing was imported.'),
    ).toBeVisible();
    expect(screen.getByText('Selected: busybox.tar.gz')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Upload' })).toBeEnabled();
  });
});

describe("UploadImageModal names the server's client", () => {
  it('lxc image export on LXD', () => {
    renderImages(<UploadImageModal project="default" onClose={vi.fn()} />);
    expect(screen.getByLabelText('Image file')).toHaveAccessibleDescription(
      'A tarball with metadata.yaml and rootfs/, for example from lxc image export.',
    );
  });

  it('incus image export on Incus', () => {
    const auth = testAuth({
      server: testServer({
        api_extensions: ['dev_incus_events'],
        environment: { server: 'incus', server_version: '6.0.4', server_clustered: false },
      }),
    });
    renderImages(<UploadImageModal project="default" onClose={vi.fn()} />, { auth });
    expect(screen.getByLabelText('Image file')).toHaveAccessibleDescription(
      'A tarball with metadata.yaml and rootfs/, for example from incus image export.',
    );
  });
});
