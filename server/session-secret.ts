/**
 * The secret password sessions are sealed with (--session-secret FILE): at least 32 random bytes
 * in any encoding, the key derived from them with HKDF-SHA256. Console servers given the same
 * file accept each other's session cookies, and keep them across restarts. Without the option a
 * server makes a random key of its own at start, so its sessions end when it stops.
 */
import { hkdfSync, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { ConsoleError, errorMessage } from './errors';

export const SESSION_SECRET_MIN_BYTES = 32;

/** Ties the derived key to this one use, so the same file could key something else safely. */
const HKDF_INFO = 'lxd-console session cookie v1';

/**
 * The file's bytes, less a final line ending (so `openssl rand -base64 32 > FILE` and a copy made
 * with an editor are the same secret). Throws a ConsoleError when it is unreadable or too short.
 */
export function loadSessionSecret(file: string): Buffer {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (error) {
    throw new ConsoleError(`cannot read the session secret ${file}: ${errorMessage(error)}`);
  }
  let end = bytes.length;
  while (end > 0 && (bytes[end - 1] === 0x0a || bytes[end - 1] === 0x0d)) end -= 1;
  const secret = bytes.subarray(0, end);
  if (secret.length < SESSION_SECRET_MIN_BYTES) {
    throw new ConsoleError(
      `session secret (--session-secret) ${file} holds ${secret.length} bytes, at least ${SESSION_SECRET_MIN_BYTES} are needed: make one with: (umask 077; openssl rand -base64 32 > ${file})`,
    );
  }
  return secret;
}

/** The AES-256-GCM key of the session cookies: HKDF-SHA256 of the secret. */
export function deriveSessionKey(secret: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), HKDF_INFO, 32));
}

/** A key for this process alone: its sessions end when it stops. */
export function processSessionKey(): Buffer {
  return randomBytes(32);
}
