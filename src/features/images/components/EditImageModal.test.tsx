import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fineGrainedAuth } from '../../../testing/render';
import { busybox } from '../testing/images';
import { renderImages } from '../testing/providers';
import { EditImageModal } from './EditImageModal';

const detail = { ...busybox, properties: { description: 'BusyBox', os: 'busybox' } };
/** The dialog once the image is loaded (the loading dialog is replaced by the form's). */
async function loaded() {
  await screen.findByLabelText('Description');
  return screen.getByRole('dialog', { name: 'Edit image BusyBox 1.35 test image' });
}

const url = `/1.0/images/${busybox.fingerprint}?project=default`;

interface Call {
  method: string;
  url: string;
  body: unknown;
  ifMatch: string | null;
}

function stub(putStatus: () => number) {
  const calls: Call[] = [];
  let version = 1;
  vi.stubGlobal(
    'fetch',
    vi.fn((requested: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      calls.push({
        method,
        url: requested,
        body,
        ifMatch: new Headers(init?.headers).get('If-Match'),
      });
      if (method === 'PUT') {
        const status = putStatus();
        if (status === 412) {
          version += 1;
          return Promise.resolve(
            new Response(
              JSON.stringify({ type: 'error', error: 'ETag mismatch', error_code: 412 }),
              {
                status: 412,
              },
            ),
          );
        }
        return Promise.resolve(new Response(JSON.stringify({ type: 'sync', metadata: {} })));
      }
      return Promise.resolve(
        new Response(JSON.stringify({ type: 'sync', metadata: detail }), {
          headers: { ETag: `"v${version}"` },
        }),
      );
    }),
  );
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('EditImageModal', () => {
  it('PUTs the whole ImagePut with the ETag of the GET', async () => {
    const calls = stub(() => 200);
    const onClose = vi.fn();
    renderImages(<EditImageModal image={busybox} project="default" onClose={onClose} />);
    const dialog = await loaded();
    expect(within(dialog).getByLabelText('Description')).toHaveValue('BusyBox');
    expect(within(dialog).getByRole('group', { name: 'Property os' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add property' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Enter a key');
    const keys = within(dialog).getAllByRole('textbox', { name: 'Key' });
    await userEvent.type(keys[1] as HTMLElement, 'note');
    await userEvent.type(
      within(dialog).getAllByRole('textbox', { name: 'Value' })[1] as HTMLElement,
      'hi',
    );
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /^Public/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => {
      expect(onClose).toHaveBeenCalled();
    });
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.url).toBe(url);
    expect(put?.ifMatch).toBe('"v1"');
    expect(put?.body).toEqual({
      auto_update: false,
      properties: { os: 'busybox', note: 'hi', description: 'BusyBox' },
      public: true,
      expires_at: busybox.expires_at,
      profiles: [],
    });
  });

  it('keeps the form on 412 and overwrites with the new ETag when asked', async () => {
    let first = true;
    const calls = stub(() => {
      const status = first ? 412 : 200;
      first = false;
      return status;
    });
    const onClose = vi.fn();
    renderImages(<EditImageModal image={busybox} project="default" onClose={onClose} />);
    const dialog = await loaded();
    const description = within(dialog).getByLabelText('Description');
    await userEvent.clear(description);
    await userEvent.type(description, 'Mine');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Someone else changed this image')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Description')).toHaveValue('Mine');
    expect(onClose).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save my changes anyway' }));
    await waitFor(() => {
      expect(onClose).toHaveBeenCalled();
    });
    const puts = calls.filter((c) => c.method === 'PUT');
    expect(puts.map((c) => c.ifMatch)).toEqual(['"v1"', '"v2"']);
    expect(puts[1]?.body).toEqual(
      expect.objectContaining({ properties: { os: 'busybox', description: 'Mine' } }),
    );
  });

  it('asks can_edit when fine-grained and disables Save without it', async () => {
    const calls = stub(() => 200);
    renderImages(<EditImageModal image={busybox} project="default" onClose={() => {}} />, {
      auth: fineGrainedAuth(),
    });
    const dialog = await loaded();
    const save = await within(dialog).findByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    expect(save).toHaveAccessibleDescription('You do not have permission to change this image');
    expect(calls[0]?.url).toBe(`${url}&with-access-entitlements=can_edit`);
  });
});
