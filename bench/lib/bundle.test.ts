import { describe, expect, it } from 'vitest';
import { assetKind, bytesBySource, decodeVlq, groupOf } from './bundle';

describe('decodeVlq', () => {
  it('decodes signed Base64 VLQ fields', () => {
    expect(decodeVlq('AAAA')).toEqual([0, 0, 0, 0]);
    expect(decodeVlq('CADE')).toEqual([1, 0, -1, 2]);
    expect(decodeVlq('gB')).toEqual([16]);
    expect(decodeVlq('2HwBhC')).toEqual([123, 24, -32]);
  });
});

describe('bytesBySource', () => {
  it('gives each segment the text up to the next one on its line', () => {
    // line 0: "abcdef" — col 0 from a.ts, col 2 from b.ts, col 4 unmapped
    // line 1: "xy" — col 0 from a.ts
    const map = { sources: ['a.ts', 'b.ts'], mappings: 'AAAA,ECAA,E;ADAA' };
    const totals = bytesBySource('abcdef\nxy', map);
    expect(Object.fromEntries(totals)).toEqual({ 'a.ts': 2 + 3, 'b.ts': 2, '(unmapped)': 3 });
  });
});

describe('groupOf', () => {
  it('groups by package, or by source folder', () => {
    expect(groupOf('../../node_modules/react-dom/cjs/react-dom-client.production.js')).toBe(
      'react-dom',
    );
    expect(groupOf('../../node_modules/@tanstack/query-core/build/modern/query.js')).toBe(
      '@tanstack/query-core',
    );
    expect(groupOf('../../src/features/instances/list/InstanceTable.tsx')).toBe(
      'src/features/instances',
    );
    expect(groupOf('../../src/app/main.tsx')).toBe('src/app');
    expect(groupOf('tmp/src/app/shell/SideNav.tsx')).toBe('src/app/shell');
  });
});

describe('assetKind', () => {
  it('tells JS, CSS and HTML apart', () => {
    expect(assetKind('assets/index-x.js')).toBe('js');
    expect(assetKind('assets/index-x.css')).toBe('css');
    expect(assetKind('index.html')).toBe('html');
    expect(assetKind('favicon.svg')).toBe('other');
  });
});
