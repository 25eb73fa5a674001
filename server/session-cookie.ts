/**
 * The value of a session cookie (password or single sign-on): nothing is kept on the server, the
 * cookie carries the session itself, sealed with AES-256-GCM under the session key
 * (session-secret.ts), so it can be neither read nor changed nor made without that key.
 *
 *   base64url( version | nonce (12 bytes) | AES-256-GCM(JSON) | tag (16 bytes) )
 *
 * The version byte says what the JSON is (0x01 a session, 0x02 a single sign-on in progress) and
 * is also the cipher's additional data. A cookie of another key, a changed byte or another
 * version opens to nothing.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

export interface SessionClaims {
  user: string;
  /** Milliseconds since the epoch. */
  issued: number;
  expires: number;
  /** passwordStamp() of the user's hash at sign-in: a changed password ends the session. */
  hash: string;
  /** Present for a single sign-on session (its user is the provider's claim, hash is ""). */
  method?: 'oidc';
  /** The provider's groups of an OIDC user that the identities file maps (auth-oidc.ts). */
  groups?: string[];
}

export const SESSION_VERSION = 0x01;
export const OIDC_STATE_VERSION = 0x02;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
/** Far above any real cookie (user names are short); longer values are not even decoded. */
const MAX_COOKIE_CHARS = 2048;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** A short hash of a user's stored password hash (users-file text), carried in the cookie. */
export function passwordStamp(storedHash: string): string {
  return createHash('sha256').update(storedHash).digest('base64url').slice(0, 16);
}

/** A cookie value's own hash: how the server names a session without keeping the cookie. */
export function cookieDigest(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}

/** Any JSON value sealed under the key, marked with a version byte. */
export function seal(key: Buffer, versionByte: number, value: unknown): string {
  const nonce = randomBytes(NONCE_BYTES);
  const version = Buffer.from([versionByte]);
  const cipher = createCipheriv('aes-256-gcm', key, nonce, { authTagLength: TAG_BYTES });
  cipher.setAAD(version);
  const body = Buffer.concat([
    cipher.update(JSON.stringify(value), 'utf8'),
    cipher.final(),
    cipher.getAuthTag(),
  ]);
  return Buffer.concat([version, nonce, body]).toString('base64url');
}

/** The JSON value of a cookie sealed with this key and version, or undefined. */
export function unseal(key: Buffer, versionByte: number, value: string): unknown {
  if (value.length > MAX_COOKIE_CHARS || !BASE64URL.test(value)) return undefined;
  const bytes = Buffer.from(value, 'base64url');
  if (bytes.length < 1 + NONCE_BYTES + TAG_BYTES + 2 || bytes[0] !== versionByte) return undefined;
  const nonce = bytes.subarray(1, 1 + NONCE_BYTES);
  const tag = bytes.subarray(bytes.length - TAG_BYTES);
  const sealed = bytes.subarray(1 + NONCE_BYTES, bytes.length - TAG_BYTES);
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, nonce, { authTagLength: TAG_BYTES });
    decipher.setAAD(bytes.subarray(0, 1));
    decipher.setAuthTag(tag);
    const text = Buffer.concat([decipher.update(sealed), decipher.final()]).toString('utf8');
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export function sealSession(key: Buffer, claims: SessionClaims): string {
  return seal(key, SESSION_VERSION, claims);
}

function isClaims(value: unknown): value is SessionClaims {
  if (typeof value !== 'object' || value === null) return false;
  const claims = value as Record<string, unknown>;
  return (
    typeof claims.user === 'string' &&
    claims.user !== '' &&
    Number.isSafeInteger(claims.issued) &&
    Number.isSafeInteger(claims.expires) &&
    typeof claims.hash === 'string' &&
    (claims.method === undefined || claims.method === 'oidc') &&
    (claims.groups === undefined ||
      (Array.isArray(claims.groups) && claims.groups.every((group) => typeof group === 'string')))
  );
}

/** The claims of a cookie sealed with this key, or undefined (whatever else it is). */
export function openSession(key: Buffer, value: string): SessionClaims | undefined {
  const claims = unseal(key, SESSION_VERSION, value);
  return isClaims(claims) ? claims : undefined;
}
