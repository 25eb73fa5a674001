import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderImages } from '../testing/providers';
import { PublishImageModal, publishBody } from './PublishImageModal';

describe('publishBody', () => {
  it('publishes an instance with alias, public flag and description', () => {
    expect(
      publishBody({ instance: 'c1', alias: ' web ', description: 'Web server', isPublic: true }),
    ).toEqual({
      source: { type: 'instance', name: 'c1' },
      aliases: [{ name: 'web' }],
      public: true,
      properties: { description: 'Web server' },
    });
  });

  it('publishes a snapshot as instance/snapshot and leaves out empty fields', () => {
    expect(
      publishBody({
        instance: 'c1',
        snapshot: 'snap0',
        alias: '',
        description: '',
        isPublic: false,
      }),
    ).toEqual({ source: { type: 'snapshot', name: 'c1/snap0' }, public: false });
  });
});

describe('PublishImageModal', () => {
  const calls: { url: string; method: string; body: unknown }[] = [];

  beforeEach(() => {
    calls.length = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init?: RequestInit) => {
        calls.push({
          url,
          method: init?.method ?? 'GET',
          body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
        });
        return Promise.resolve(
          new Response(
            JSON.stringify({
              type: 'async',
              operation: '/1.0/operations/op-9',
              metadata: { id: 'op-9' },
            }),
            { status: 202 },
          ),
        );
      }),
    );
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('posts the image, waits for its operation and reports the new fingerprint', async () => {
    const onClose = vi.fn();
    const onPublished = vi.fn();
    const { store, tracked } = renderImages(
      <PublishImageModal
        project="default"
        instance="c1"
        snapshot="snap0"
        onClose={onClose}
        onPublished={onPublished}
      />,
      { end: () => ({ status: 'Success', metadata: { fingerprint: 'abcdef0123456789' } }) },
    );
    expect(screen.getByRole('dialog', { name: 'Create image from snapshot snap0' })).toBeVisible();
    await userEvent.type(screen.getByLabelText('Alias (optional)'), 'golden');
    await userEvent.click(screen.getByRole('checkbox', { name: /^Public/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Create image' }));
    await vi.waitFor(() => {
      expect(onClose).toHaveBeenCalled();
    });
    expect(calls[0]).toEqual({
      url: '/1.0/images?project=default',
      method: 'POST',
      body: {
        source: { type: 'snapshot', name: 'c1/snap0' },
        aliases: [{ name: 'golden' }],
        public: true,
      },
    });
    expect(tracked).toEqual(['op-9']);
    expect(onPublished).toHaveBeenCalledWith('abcdef0123456789');
    expect(store.getSnapshot().history[0]?.title).toBe('Image created');
  });

  it("keeps the form and shows LXD's error when the operation fails", async () => {
    const onClose = vi.fn();
    renderImages(<PublishImageModal project="default" instance="c1" onClose={onClose} />, {
      end: () => ({ status: 'Failure', err: 'Instance is running' }),
    });
    await userEvent.type(screen.getByLabelText('Alias (optional)'), 'keep-me');
    await userEvent.click(screen.getByRole('button', { name: 'Create image' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Instance is running');
    expect(screen.getByLabelText('Alias (optional)')).toHaveValue('keep-me');
    expect(onClose).not.toHaveBeenCalled();
  });
});
