/**
 * The value of a password session cookie: nothing is kept on the server, the cookie carries the
 * session itself, sealed with AES-256-GCM under the session key (session-secret.ts), so it can be
 * neither read nor changed nor made without that key.
 *
 *   base64url( version 0x01 | nonce (12 bytes) | AES-256-GCM(JSON claims) | tag (16 bytes) )
 *
 * The version byte is also the cipher's additional data. A cookie of another key, a changed byte
 * or another version opens to nothing.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

export interface SessionClaims {
  user: string;
  /** Milliseconds since the epoch. */
  issued: number;
  expires: number;
  /** passwordStamp() of the user's hash at sign-in: a changed password ends the session. */
  hash: string;
}

const VERSION = 0x01;
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

export function sealSession(key: Buffer, claims: SessionClaims): string {
  const nonce = randomBytes(NONCE_BYTES);
  const version = Buffer.from([VERSION]);
  const cipher = createCipheriv('aes-256-gcm', key, nonce, { authTagLength: TAG_BYTES });
  cipher.setAAD(version);
  const body = Buffer.concat([
    cipher.update(JSON.stringify(claims), 'utf8'),
    cipher.final(),
    cipher.getAuthTag(),
  ]);
  return Buffer.concat([version, nonce, body]).toString('base64url');
}

function isClaims(value: unknown): value is SessionClaims {
  if (typeof value !== 'object' || value === null) return false;
  const claims = value as Record<string, unknown>;
  return (
    typeof claims.user === 'string' &&
    claims.user !== '' &&
    Number.isSafeInteger(claims.issued) &&
    Number.isSafeInteger(claims.expires) &&
    typeof claims.hash === 'string'
  );
}

/** The claims of a cookie sealed with this key, or undefined (whatever else it is). */
export function openSession(key: Buffer, value: string): SessionClaims | undefined {
  if (value.length > MAX_COOKIE_CHARS || !BASE64URL.test(value)) return undefined;
  const bytes = Buffer.from(value, 'base64url');
  if (bytes.length < 1 + NONCE_BYTES + TAG_BYTES + 2 || bytes[0] !== VERSION) return undefined;
  const nonce = bytes.subarray(1, 1 + NONCE_BYTES);
  const tag = bytes.subarray(bytes.length - TAG_BYTES);
  const sealed = bytes.subarray(1 + NONCE_BYTES, bytes.length - TAG_BYTES);
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, nonce, { authTagLength: TAG_BYTES });
    decipher.setAAD(bytes.subarray(0, 1));
    decipher.setAuthTag(tag);
    const text = Buffer.concat([decipher.update(sealed), decipher.final()]).toString('utf8');
    const claims: unknown = JSON.parse(text);
    return isClaims(claims) ? claims : undefined;
  } catch {
    return undefined;
  }
}
