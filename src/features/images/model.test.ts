import { describe, expect, it } from 'vitest';
import type { LxdImage } from '../../lxd/types/image';
import {
  aliasNameError,
  filterImages,
  imageLabel,
  imageTypeLabel,
  shortFingerprint,
  sortImages,
} from './model';

function image(over: Partial<LxdImage>): LxdImage {
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

const busybox = image({
  fingerprint: 'aaaa1111bbbb2222' + '0'.repeat(48),
  aliases: [{ name: 'busybox', description: '' }],
  properties: { description: 'BusyBox 1.35 test image' },
  size: 1036171,
  uploaded_at: '2024-03-01T00:00:00Z',
});
const alpine = image({
  fingerprint: 'cccc3333dddd4444' + '0'.repeat(48),
  type: 'virtual-machine',
  aliases: [{ name: 'alpine/edge', description: '' }],
  properties: { description: 'Alpine edge' },
  architecture: 'aarch64',
  size: 50_000_000,
  uploaded_at: '2024-02-01T00:00:00Z',
});
const bare = image({
  fingerprint: 'eeee5555ffff6666' + '0'.repeat(48),
  aliases: null,
  properties: null,
});

describe('image labels', () => {
  it('shortens fingerprints to 12 characters', () => {
    expect(shortFingerprint(busybox.fingerprint)).toBe('aaaa1111bbbb');
  });

  it('names an image by description, then alias, then short fingerprint', () => {
    expect(imageLabel(busybox)).toBe('BusyBox 1.35 test image');
    expect(imageLabel(image({ aliases: [{ name: 'only-alias', description: '' }] }))).toBe(
      'only-alias',
    );
    expect(imageLabel(bare)).toBe('eeee5555ffff');
  });

  it('labels the two image types', () => {
    expect(imageTypeLabel('container')).toBe('Container');
    expect(imageTypeLabel('virtual-machine')).toBe('VM');
  });
});

describe('search', () => {
  const all = [busybox, alpine, bare];

  it('matches description, alias, fingerprint, type and architecture, case-insensitively', () => {
    expect(filterImages(all, 'BUSYBOX')).toEqual([busybox]);
    expect(filterImages(all, 'alpine/edge')).toEqual([alpine]);
    expect(filterImages(all, 'eeee5555')).toEqual([bare]);
    expect(filterImages(all, 'virtual')).toEqual([alpine]);
    expect(filterImages(all, 'vm')).toEqual([alpine]);
    expect(filterImages(all, 'aarch64')).toEqual([alpine]);
  });

  it('needs every word to match and keeps all images for an empty query', () => {
    expect(filterImages(all, 'busybox x86_64')).toEqual([busybox]);
    expect(filterImages(all, 'busybox aarch64')).toEqual([]);
    expect(filterImages(all, '  ')).toEqual(all);
  });
});

describe('sorting', () => {
  it('sorts by size and upload date in both directions', () => {
    expect(sortImages([alpine, busybox], 'size', 'ascending')).toEqual([busybox, alpine]);
    expect(sortImages([busybox, alpine], 'size', 'descending')).toEqual([alpine, busybox]);
    expect(sortImages([busybox, alpine], 'uploaded', 'ascending')).toEqual([alpine, busybox]);
  });

  it('sorts by label and does not change the input', () => {
    const input = [busybox, alpine];
    expect(sortImages(input, 'description', 'ascending')).toEqual([alpine, busybox]);
    expect(input).toEqual([busybox, alpine]);
  });
});

describe('alias name', () => {
  it('must be given and new for this image', () => {
    expect(aliasNameError('  ', [])).toBe('Enter an alias name');
    expect(aliasNameError('busybox', ['busybox'])).toBe('This image already has this alias');
    expect(aliasNameError('ubuntu/22.04', ['busybox'])).toBeUndefined();
  });
});
