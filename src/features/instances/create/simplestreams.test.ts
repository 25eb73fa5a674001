import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ConsoleServerMissingError,
  NEEDS_CONSOLE_SERVER,
  fetchRemoteImages,
  imagesPath,
  parseSimplestreams,
} from './simplestreams';

const PRODUCTS = {
  products: {
    'alpine:3.20:amd64:default': {
      aliases: 'alpine/3.20/default,alpine/3.20',
      arch: 'amd64',
      os: 'Alpine',
      release: '3.20',
      release_title: '3.20',
      variant: 'default',
      versions: {
        '20240101': {
          items: {
            a: { ftype: 'lxd.tar.xz' },
            b: { ftype: 'squashfs' },
            c: { ftype: 'disk-kvm.img' },
          },
        },
      },
    },
    broken: { arch: 'amd64' },
  },
};

const UBUNTU = { name: 'Ubuntu releases', url: 'https://cloud-images.ubuntu.com/releases' };

/** An answer the console server passes on from the image server. */
function upstreamAnswer(status: number, body: unknown, statusText = '') {
  return new Response(JSON.stringify(body), {
    status,
    statusText,
    headers: { 'Content-Type': 'application/json', 'X-Lxd-Console-Simplestreams': 'upstream' },
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('simplestreams index', () => {
  it('lists one entry per product and instance type with LXD architecture names', () => {
    const common = {
      alias: 'alpine/3.20/default',
      description: 'Alpine 3.20 default',
      architecture: 'x86_64',
      os: 'Alpine',
      release: '3.20',
      variant: 'default',
    };
    expect(parseSimplestreams(PRODUCTS)).toEqual([
      { ...common, type: 'container' },
      { ...common, type: 'virtual-machine' },
    ]);
    expect(parseSimplestreams(null)).toEqual([]);
  });

  it("finds the products file the index names for image downloads (Ubuntu's name)", () => {
    expect(
      imagesPath({
        format: 'index:1.0',
        index: {
          'com.ubuntu.cloud:released:download': {
            datatype: 'image-downloads',
            path: 'streams/v1/com.ubuntu.cloud:released:download.json',
          },
        },
      }),
    ).toBe('streams/v1/com.ubuntu.cloud:released:download.json');
    expect(imagesPath({})).toBe('streams/v1/images.json');
  });

  it('reads the index, then its products file, through the console server', async () => {
    const fetchMock = vi.fn((url: string) => {
      const upstream = new URL(url, 'http://console.test').searchParams.get('url') ?? '';
      return Promise.resolve(
        upstreamAnswer(
          200,
          upstream.endsWith('index.json')
            ? { index: { images: { datatype: 'image-downloads', path: 'streams/v1/images.json' } } }
            : PRODUCTS,
        ),
      );
    });
    vi.stubGlobal('fetch', fetchMock);
    const images = await fetchRemoteImages({ name: 'mine', url: 'http://127.0.0.1:9/base/' });
    expect(images).toHaveLength(2);
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      '/console/simplestreams?url=http%3A%2F%2F127.0.0.1%3A9%2Fbase%2Fstreams%2Fv1%2Findex.json',
      '/console/simplestreams?url=http%3A%2F%2F127.0.0.1%3A9%2Fbase%2Fstreams%2Fv1%2Fimages.json',
    ]);
  });

  it("says that a server does not answer, in the console server's words", async () => {
    const error =
      'https://cloud-images.ubuntu.com/releases/streams/v1/index.json does not answer: getaddrinfo ENOTFOUND cloud-images.ubuntu.com';
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          new Response(JSON.stringify({ type: 'error', error, error_code: 502 }), {
            status: 502,
            headers: { 'X-Lxd-Console-Simplestreams': 'console' },
          }),
        ),
      ),
    );
    await expect(fetchRemoteImages(UBUNTU)).rejects.toThrow(error);
  });

  it("passes on the image server's own error status", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(upstreamAnswer(404, {}, 'Not Found'))),
    );
    await expect(fetchRemoteImages(UBUNTU)).rejects.toThrow(
      'https://cloud-images.ubuntu.com/releases/streams/v1/index.json answered 404 Not Found',
    );
  });

  it('says that browsing needs the console server when LXD serves the console', async () => {
    // LXD's own answer for a path it does not know (measured on LXD 5.0.2).
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          new Response(
            '{"type":"error","status":"","status_code":0,"operation":"","error_code":404,"error":"not found","metadata":null}',
            { status: 404, headers: { 'Content-Type': 'application/json' } },
          ),
        ),
      ),
    );
    const failure = fetchRemoteImages(UBUNTU);
    await expect(failure).rejects.toThrow(NEEDS_CONSOLE_SERVER);
    await expect(failure).rejects.toBeInstanceOf(ConsoleServerMissingError);
  });

  it('says when the console server itself cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(fetchRemoteImages(UBUNTU)).rejects.toThrow(
      'https://cloud-images.ubuntu.com/releases does not answer: Failed to fetch (the console server cannot be reached)',
    );
  });
});
