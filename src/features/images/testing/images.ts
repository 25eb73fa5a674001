/** Image bodies shaped like LXD's, for the images tests. */
import type { LxdImage } from '../../../lxd/types/image';

export function image(over: Partial<LxdImage>): LxdImage {
  return {
    fingerprint: 'f'.repeat(64),
    type: 'container',
    aliases: [],
    properties: {},
    architecture: 'x86_64',
    size: 1000,
    public: false,
    filename: '',
    auto_update: false,
    cached: false,
    created_at: '2024-01-01T00:00:00Z',
    uploaded_at: '2024-01-01T00:00:00Z',
    last_used_at: '0001-01-01T00:00:00Z',
    expires_at: '0001-01-01T00:00:00Z',
    ...over,
  };
}

export const busybox = image({
  fingerprint: 'aaaa1111bbbb2222' + '0'.repeat(48),
  aliases: [{ name: 'busybox', description: '' }],
  properties: { description: 'BusyBox 1.35 test image' },
  size: 1036171,
  uploaded_at: '2024-03-01T00:00:00Z',
});
export const alpine = image({
  fingerprint: 'cccc3333dddd4444' + '0'.repeat(48),
  type: 'virtual-machine',
  aliases: [{ name: 'alpine/edge', description: '' }],
  properties: { description: 'Alpine edge' },
  architecture: 'aarch64',
  size: 50_000_000,
  uploaded_at: '2024-02-01T00:00:00Z',
});
