import { describe, expect, it } from 'vitest';
import { urlName, urlNames } from './url-name';

describe('urlName', () => {
  it('takes the last segment, decoded, without the query', () => {
    expect(urlName('/1.0/instances/c%201?project=p%2Fq')).toBe('c 1');
    expect(urlName('/1.0/projects/default')).toBe('default');
  });
  it('gives an empty name for a trailing slash', () => {
    expect(urlName('/1.0/networks/')).toBe('');
  });
});

describe('urlNames', () => {
  it('maps a list and leaves out empty names', () => {
    expect(urlNames(['/1.0/a/x', '/1.0/a/', '/1.0/a/y%2Fz?project=p'])).toEqual(['x', 'y/z']);
    expect(urlNames(null)).toEqual([]);
  });
});
