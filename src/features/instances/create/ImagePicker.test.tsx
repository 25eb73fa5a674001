import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LxdImage } from '../../../lxd/types/image';
import { localImage as image } from './testing';
import { renderSignedIn } from '../../../testing/render';
import { ImagePicker, VM_UNAVAILABLE } from './ImagePicker';
import { NEEDS_CONSOLE_SERVER } from './simplestreams';

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
      release: 'noble',
      release_title: '24.04 LTS',
      variant: 'default',
      versions: { v1: { items: { a: { ftype: 'squashfs' }, b: { ftype: 'disk-kvm.img' } } } },
    },
    'debian:12:arm64:cloud': {
      aliases: 'debian/12/cloud',
      arch: 'arm64',
      os: 'Debian',
      release: 'bookworm',
      variant: 'cloud',
      versions: { v1: { items: { a: { ftype: 'squashfs' } } } },
    },
  },
};

let local: LxdImage[];
/** How /console/simplestreams answers: the console server reads the image server, or it cannot, or there is no console server (LXD serves the console). */
let remote: 'ok' | 'unreachable' | 'no-console-server';

beforeEach(() => {
  localStorage.clear();
  local = [busybox, alpine, bare];
  remote = 'ok';
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      if (url.startsWith('/console/simplestreams?')) {
        const upstream = new URLSearchParams(url.split('?')[1]).get('url') ?? '';
        if (remote === 'unreachable') {
          const error = `${upstream} does not answer: getaddrinfo ENOTFOUND cloud-images.ubuntu.com`;
          return Promise.resolve(
            new Response(JSON.stringify({ type: 'error', error, error_code: 502 }), {
              status: 502,
              headers: { 'X-Lxd-Console-Simplestreams': 'console' },
            }),
          );
        }
        if (remote === 'no-console-server') {
          return Promise.resolve(
            new Response(JSON.stringify({ type: 'error', error: 'not found', error_code: 404 }), {
              status: 404,
            }),
          );
        }
        // index.json names no products file: images.json is read.
        const body = upstream.endsWith('/index.json') ? { index: {} } : REMOTE_INDEX;
        return Promise.resolve(
          new Response(JSON.stringify(body), {
            headers: { 'X-Lxd-Console-Simplestreams': 'upstream' },
          }),
        );
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

  it('filters local images by distribution, release and architecture', async () => {
    local = [
      image('4'.repeat(64), {
        aliases: [{ name: 'deb', description: '' }],
        properties: { os: 'Debian', release: 'bookworm', variant: 'default' },
      }),
      image('5'.repeat(64), {
        aliases: [{ name: 'ubu', description: '' }],
        properties: { os: 'Ubuntu', release: 'noble', variant: 'cloud' },
        architecture: 'aarch64',
      }),
    ];
    renderPicker();
    const table = await screen.findByRole('table', { name: 'Local images' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Distribution' }), 'Ubuntu');
    expect(within(table).queryByRole('row', { name: 'deb' })).not.toBeInTheDocument();
    expect(within(table).getByRole('row', { name: 'ubu' })).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Distribution' }), '');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Architecture' }), 'x86_64');
    expect(within(table).getByRole('row', { name: 'deb' })).toBeInTheDocument();
    expect(within(table).queryByRole('row', { name: 'ubu' })).not.toBeInTheDocument();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Variant' }), 'cloud');
    expect(screen.getByText('No images match the search')).toBeInTheDocument();
  });

  it('lists the default servers and chooses an image of one, filtered', async () => {
    const onChoose = renderPicker();
    await screen.findByRole('table', { name: 'Local images' });
    const servers = screen.getByRole('navigation', { name: 'Image servers' });
    for (const name of ['Ubuntu releases', 'Ubuntu daily', 'LinuxContainers', 'LXD images']) {
      expect(within(servers).getByRole('button', { name: new RegExp(`^${name}`) })).toBeVisible();
    }
    await userEvent.click(within(servers).getByRole('button', { name: /^LXD images/ }));
    expect(screen.queryByRole('table', { name: 'Local images' })).not.toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Images on LXD images' });
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'container');
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Release' }), 'noble');
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

  it('says when a server does not answer, with the error', async () => {
    remote = 'unreachable';
    renderPicker();
    await screen.findByRole('table', { name: 'Local images' });
    await userEvent.click(screen.getByRole('button', { name: /^Ubuntu releases/ }));
    expect(await screen.findByText('No images from Ubuntu releases')).toBeInTheDocument();
    expect(
      screen.getByText(
        'https://cloud-images.ubuntu.com/releases/streams/v1/index.json does not answer: getaddrinfo ENOTFOUND cloud-images.ubuntu.com',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
  });

  it('says that browsing remote servers needs the console server when LXD serves the console', async () => {
    remote = 'no-console-server';
    renderPicker();
    await screen.findByRole('table', { name: 'Local images' });
    for (const name of ['Ubuntu releases', 'LinuxContainers']) {
      await userEvent.click(screen.getByRole('button', { name: new RegExp(`^${name}`) }));
      expect(await screen.findByText(`No images from ${name}`)).toBeInTheDocument();
      expect(screen.getByText(NEEDS_CONSOLE_SERVER)).toBeInTheDocument();
      expect(screen.queryByText(/does not answer/)).not.toBeInTheDocument();
      expect(screen.getByText('Choose a local image of this project.')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    }
  });

  it('adds a server (kept in localStorage), checks it and removes it', async () => {
    renderPicker();
    await screen.findByRole('table', { name: 'Local images' });
    await userEvent.type(screen.getByRole('textbox', { name: 'Server name' }), 'Ubuntu daily');
    await userEvent.type(screen.getByRole('textbox', { name: 'Server URL' }), 'ftp://x');
    await userEvent.click(screen.getByRole('button', { name: 'Add server' }));
    expect(screen.getByText('An image server named Ubuntu daily is already listed')).toBeVisible();
    expect(
      screen.getByText('Enter the server URL, starting with http:// or https://'),
    ).toBeVisible();
    await userEvent.clear(screen.getByRole('textbox', { name: 'Server name' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Server name' }), 'Mirror');
    await userEvent.clear(screen.getByRole('textbox', { name: 'Server URL' }));
    await userEvent.type(
      screen.getByRole('textbox', { name: 'Server URL' }),
      'https://mirror.test/',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Add server' }));
    expect(JSON.parse(localStorage.getItem('lxd-console.image-servers') ?? '')).toEqual([
      { name: 'Mirror', url: 'https://mirror.test' },
    ]);
    expect(await screen.findByRole('table', { name: 'Images on Mirror' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove image server Mirror' }));
    expect(localStorage.getItem('lxd-console.image-servers')).toBe('[]');
    expect(screen.getByRole('table', { name: 'Local images' })).toBeVisible();
  });
});
