import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LxdImage } from '../../../lxd/types/image';
import { localImage as image } from './testing';
import { renderSignedIn } from '../../../testing/render';
import { ImagePicker, VM_UNAVAILABLE } from './ImagePicker';

const busybox = image('1'.repeat(64), {
  aliases: [{ name: 'busybox', description: '' }],
  properties: { description: 'BusyBox test image' },
});
const alpine = image('2'.repeat(64), {
  type: 'virtual-machine',
  aliases: [{ name: 'alpine', description: '' }],
  properties: { description: 'Alpine edge' },
  architecture: 'aarch64',
});
const bare = image('3'.repeat(64), { aliases: null, properties: null });

const REMOTE_INDEX = {
  products: {
    'ubuntu:noble:amd64:default': {
      aliases: 'ubuntu/noble',
      arch: 'amd64',
      os: 'Ubuntu',
      release_title: '24.04 LTS',
      variant: 'default',
      versions: { v1: { items: { a: { ftype: 'squashfs' }, b: { ftype: 'disk-kvm.img' } } } },
    },
  },
};

let local: LxdImage[];
let remote: 'ok' | 'unreachable';

beforeEach(() => {
  local = [busybox, alpine, bare];
  remote = 'ok';
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      if (url.startsWith('https://')) {
        return remote === 'ok'
          ? Promise.resolve(new Response(JSON.stringify(REMOTE_INDEX)))
          : Promise.reject(new TypeError('Failed to fetch'));
      }
      return Promise.resolve(new Response(JSON.stringify({ type: 'sync', metadata: local })));
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderPicker(vmSupported = true) {
  const onChoose = vi.fn();
  renderSignedIn(
    <ImagePicker
      project="default"
      vmSupported={vmSupported}
      onChoose={onChoose}
      onClose={vi.fn()}
    />,
    { path: '/project/default/instances/create' },
  );
  return onChoose;
}

describe('ImagePicker', () => {
  it('lists the local images and chooses one', async () => {
    const onChoose = renderPicker();
    const table = await screen.findByRole('table', { name: 'Local images' });
    expect(within(table).getByRole('row', { name: 'busybox' })).toHaveTextContent(
      'BusyBox test image',
    );
    // An image without an alias is named by its short fingerprint.
    expect(within(table).getByRole('row', { name: '333333333333' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Select busybox' }));
    expect(onChoose).toHaveBeenCalledWith({
      kind: 'local',
      fingerprint: busybox.fingerprint,
      alias: 'busybox',
      description: 'BusyBox test image',
      type: 'container',
      architecture: 'x86_64',
    });
  });

  it('filters by the search text and by type', async () => {
    renderPicker();
    await screen.findByRole('table', { name: 'Local images' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search local images' }), 'edge');
    expect(screen.getByRole('row', { name: 'alpine' })).toBeInTheDocument();
    expect(screen.queryByRole('row', { name: 'busybox' })).not.toBeInTheDocument();
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Search local images' }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'container');
    expect(screen.getByRole('row', { name: 'busybox' })).toBeInTheDocument();
    expect(screen.queryByRole('row', { name: 'alpine' })).not.toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search local images' }), 'edge');
    expect(screen.getByText('No images match the search')).toBeInTheDocument();
  });

  it('keeps virtual machine images from being chosen without qemu', async () => {
    renderPicker(false);
    const select = await screen.findByRole('button', { name: 'Select alpine' });
    expect(select).toBeDisabled();
    expect(select).toHaveAttribute('title', VM_UNAVAILABLE);
    expect(screen.getByRole('button', { name: 'Select busybox' })).toBeEnabled();
  });

  it('points at the Images page when the project has no local images', async () => {
    local = [];
    renderPicker();
    expect(await screen.findByText('This project has no local images')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Images page' })).toHaveAttribute(
      'href',
      '/project/default/images',
    );
  });

  it('loads a remote server on demand and chooses one of its images', async () => {
    const onChoose = renderPicker();
    await screen.findByRole('table', { name: 'Local images' });
    await userEvent.click(screen.getByRole('tab', { name: 'Remote servers' }));
    expect(screen.queryByRole('table', { name: 'Local images' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Load images from LXD images' }));
    const table = await screen.findByRole('table', { name: 'Images on LXD images' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'container');
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Select ubuntu/noble (container)' }));
    expect(onChoose).toHaveBeenCalledWith({
      kind: 'remote',
      server: 'https://images.lxd.canonical.com',
      protocol: 'simplestreams',
      alias: 'ubuntu/noble',
      description: 'Ubuntu 24.04 LTS default',
      type: 'container',
      architecture: 'x86_64',
    });
  });

  it('says when a remote server cannot be reached', async () => {
    remote = 'unreachable';
    renderPicker();
    await userEvent.click(await screen.findByRole('tab', { name: 'Remote servers' }));
    await userEvent.click(screen.getByRole('button', { name: 'Load images from LXD images' }));
    expect(await screen.findByText('Remote image server not reachable')).toBeInTheDocument();
  });
});
