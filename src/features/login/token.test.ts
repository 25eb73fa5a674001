import { describe, expect, it } from 'vitest';
import {
  ZERO_DATE,
  compactToken,
  decodeTrustToken,
  isIdentityToken,
  isTokenExpired,
  tokenExpiry,
} from './token';

/** base64 of the UTF-8 JSON, as LXD encodes tokens. */
function encodeToken(fields: Record<string, unknown>): string {
  const bytes = new TextEncoder().encode(JSON.stringify(fields));
  return btoa(String.fromCharCode(...bytes));
}

const lxd50Token = {
  client_name: 'browser',
  fingerprint: 'abc123',
  addresses: ['127.0.0.1:18444'],
  secret: 's3cr3t',
  expires_at: ZERO_DATE,
};

describe('decodeTrustToken', () => {
  it('reads a token as printed by lxc config trust add', () => {
    expect(decodeTrustToken(encodeToken(lxd50Token))).toEqual(lxd50Token);
  });

  it('ignores surrounding and embedded whitespace (a wrapped paste)', () => {
    const token = encodeToken(lxd50Token);
    const wrapped = `  ${token.slice(0, 20)}\n${token.slice(20)}\n\t`;
    expect(compactToken(wrapped)).toBe(token);
    expect(decodeTrustToken(wrapped)?.secret).toBe('s3cr3t');
  });

  it('accepts the URL-safe alphabet and missing padding', () => {
    const token = encodeToken({ ...lxd50Token, client_name: 'ü?>~~~' });
    const urlSafe = token.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    expect(decodeTrustToken(urlSafe)?.client_name).toBe('ü?>~~~');
  });

  it.each([
    ['empty text', ''],
    ['spaces only', '   '],
    ['not base64', 'this is not a token!'],
    ['base64 of plain text', btoa('hello world')],
    ['base64 of a JSON list', btoa('[1,2]')],
    ['JSON without a secret', encodeToken({ client_name: 'x' })],
    ['a trust password', 'hunter2'],
  ])('rejects %s', (_label, raw) => {
    expect(decodeTrustToken(raw)).toBeUndefined();
  });

  it('keeps the type of a fine-grained identity token', () => {
    const token = decodeTrustToken(encodeToken({ ...lxd50Token, type: 'Client certificate' }));
    expect(token && isIdentityToken(token)).toBe(true);
    expect(isIdentityToken({ secret: 'x' })).toBe(false);
  });
});

describe('token expiry', () => {
  const now = new Date('2025-06-01T12:00:00Z');

  it('treats the zero date as no expiry', () => {
    const token = { secret: 'x', expires_at: ZERO_DATE };
    expect(tokenExpiry(token)).toBeUndefined();
    expect(isTokenExpired(token, now)).toBe(false);
  });

  it('treats a missing or unreadable date as no expiry', () => {
    expect(isTokenExpired({ secret: 'x' }, now)).toBe(false);
    expect(isTokenExpired({ secret: 'x', expires_at: 'soon' }, now)).toBe(false);
  });

  it('knows a past date from a future one', () => {
    expect(isTokenExpired({ secret: 'x', expires_at: '2025-06-01T11:59:59Z' }, now)).toBe(true);
    expect(isTokenExpired({ secret: 'x', expires_at: '2025-06-01T12:00:01Z' }, now)).toBe(false);
    expect(
      isTokenExpired({ secret: 'x', expires_at: '2025-06-01T13:00:00.123456789+02:00' }, now),
    ).toBe(true);
  });
});
