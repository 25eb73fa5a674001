import { describe, expect, it } from 'vitest';
import { alpine, busybox, image } from './testing/images';
import { aliasNameError, imageLabel, imageTypeLabel, matchImages, shortFingerprint } from './model';

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
    expect(all.filter(matchImages('BUSYBOX'))).toEqual([busybox]);
    expect(all.filter(matchImages('alpine/edge'))).toEqual([alpine]);
    expect(all.filter(matchImages('eeee5555'))).toEqual([bare]);
    expect(all.filter(matchImages('virtual'))).toEqual([alpine]);
    expect(all.filter(matchImages('vm'))).toEqual([alpine]);
    expect(all.filter(matchImages('aarch64'))).toEqual([alpine]);
  });

  it('needs every word to match and keeps all images for an empty query', () => {
    expect(all.filter(matchImages('busybox x86_64'))).toEqual([busybox]);
    expect(all.filter(matchImages('busybox aarch64'))).toEqual([]);
    expect(all.filter(matchImages('  '))).toEqual(all);
  });
});

describe('alias name', () => {
  it('must be given and new for this image', () => {
    expect(aliasNameError('  ', [])).toBe('Enter an alias name');
    expect(aliasNameError('busybox', ['busybox'])).toBe('This image already has this alias');
    expect(aliasNameError('ubuntu/22.04', ['busybox'])).toBeUndefined();
  });
});
