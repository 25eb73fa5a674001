import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchRemoteImages, imagesPath, parseSimplestreams } from './simplestreams';

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

  it('reads the index, then its products file', async () => {
    const fetchMock = vi.fn((url: string) =>
      Promise.resolve(
        new Response(
          JSON.stringify(
            url.endsWith('index.json')
              ? {
                  index: {
                    images: { datatype: 'image-downloads', path: 'streams/v1/images.json' },
                  },
                }
              : PRODUCTS,
          ),
        ),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const images = await fetchRemoteImages({ name: 'mine', url: 'http://127.0.0.1:9/base/' });
    expect(images).toHaveLength(2);
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      'http://127.0.0.1:9/base/streams/v1/index.json',
      'http://127.0.0.1:9/base/streams/v1/images.json',
    ]);
  });

  it('says that a server does not answer, with the error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(
      fetchRemoteImages({
        name: 'Ubuntu releases',
        url: 'https://cloud-images.ubuntu.com/releases',
      }),
    ).rejects.toThrow(
      'https://cloud-images.ubuntu.com/releases does not answer: Failed to fetch (no network route from this browser, or the server does not allow it)',
    );
  });
});
