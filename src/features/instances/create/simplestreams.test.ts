import { describe, expect, it } from 'vitest';
import { parseSimplestreams } from './simplestreams';

describe('simplestreams index', () => {
  it('lists one entry per product and instance type with LXD architecture names', () => {
    const index = {
      products: {
        'alpine:3.20:amd64:default': {
          aliases: 'alpine/3.20/default,alpine/3.20',
          arch: 'amd64',
          os: 'Alpine',
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
    expect(parseSimplestreams(index)).toEqual([
      {
        alias: 'alpine/3.20/default',
        description: 'Alpine 3.20 default',
        type: 'container',
        architecture: 'x86_64',
      },
      {
        alias: 'alpine/3.20/default',
        description: 'Alpine 3.20 default',
        type: 'virtual-machine',
        architecture: 'x86_64',
      },
    ]);
    expect(parseSimplestreams(null)).toEqual([]);
  });
});
