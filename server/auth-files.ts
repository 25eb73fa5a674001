/**
 * The files that say who may use the console server: a PEM CA for client certificates, a list
 * of trusted client-certificate fingerprints, and a list of users with scrypt password hashes.
 * Every problem is one ConsoleError line naming the file and, where it helps, the line.
 */
import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createSecureContext } from 'node:tls';
import { ConsoleError, errorMessage } from './errors';

/** `scrypt$<N>$<r>$<p>$<salt base64>$<hash base64>` */
export interface ScryptHash {
  N: number;
  r: number;
  p: number;
  salt: Buffer;
  hash: Buffer;
}

/** Memory scrypt needs for these parameters (Node refuses to go beyond its maxmem). */
export function scryptMemory({ N, r }: { N: number; r: number }): number {
  return 128 * N * r;
}

const MAX_SCRYPT_MEMORY = 1024 * 1024 * 1024;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

function positiveInteger(text: string | undefined): number | undefined {
  return text !== undefined && /^[1-9]\d{0,9}$/.test(text) ? Number(text) : undefined;
}

/** Parses the hash part of a users-file line; undefined when it is not a usable scrypt hash. */
export function parseScryptHash(text: string): ScryptHash | undefined {
  const parts = text.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return undefined;
  const N = positiveInteger(parts[1]);
  const r = positiveInteger(parts[2]);
  const p = positiveInteger(parts[3]);
  const salt = parts[4] ?? '';
  const hash = parts[5] ?? '';
  if (N === undefined || r === undefined || p === undefined) return undefined;
  // N must be a power of two above 1.
  if (N < 2 || (N & (N - 1)) !== 0 || scryptMemory({ N, r }) > MAX_SCRYPT_MEMORY) return undefined;
  if (!BASE64.test(salt) || !BASE64.test(hash)) return undefined;
  const hashBytes = Buffer.from(hash, 'base64');
  if (hashBytes.length < 16 || hashBytes.length > 256) return undefined;
  return { N, r, p, salt: Buffer.from(salt, 'base64'), hash: hashBytes };
}

export function formatScryptHash({ N, r, p, salt, hash }: ScryptHash): string {
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

function readText(file: string, what: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    throw new ConsoleError(`cannot read the ${what} ${file}: ${errorMessage(error)}`);
  }
}

/** The meaningful lines of a file: number and trimmed text, without `#` comments and blanks. */
function contentLines(text: string): Array<{ number: number; text: string }> {
  return text
    .split(/\r?\n/)
    .map((line, index) => ({ number: index + 1, text: line.trim() }))
    .filter((line) => line.text !== '' && !line.text.startsWith('#'));
}

/** `alice:scrypt$…` lines; returns user name → hash. */
export function loadUsers(file: string): Map<string, ScryptHash> {
  const users = new Map<string, ScryptHash>();
  for (const line of contentLines(readText(file, 'users file'))) {
    const colon = line.text.indexOf(':');
    const name = colon === -1 ? '' : line.text.slice(0, colon);
    const hash = colon === -1 ? undefined : parseScryptHash(line.text.slice(colon + 1));
    if (!/^[^\s:]+$/.test(name) || hash === undefined) {
      throw new ConsoleError(
        `users file ${file} line ${line.number}: expected "<user>:scrypt$<N>$<r>$<p>$<salt>$<hash>" (make one with npm run console:hash-password)`,
      );
    }
    if (users.has(name)) {
      throw new ConsoleError(
        `users file ${file} line ${line.number}: user "${name}" is listed twice`,
      );
    }
    users.set(name, hash);
  }
  if (users.size === 0) throw new ConsoleError(`users file ${file} lists no user`);
  return users;
}

/** `<sha256 fingerprint> <user>` lines; returns lower-case hex fingerprint → user name. */
export function loadFingerprints(file: string): Map<string, string> {
  const trusted = new Map<string, string>();
  for (const line of contentLines(readText(file, 'client fingerprints file'))) {
    const match = /^([0-9a-fA-F:]+)\s+(\S+)$/.exec(line.text);
    const hex = match?.[1]?.replaceAll(':', '').toLowerCase() ?? '';
    if (!match || !/^[0-9a-f]{64}$/.test(hex)) {
      throw new ConsoleError(
        `client fingerprints file ${file} line ${line.number}: expected "<sha256 fingerprint> <user name>"`,
      );
    }
    if (trusted.has(hex)) {
      throw new ConsoleError(
        `client fingerprints file ${file} line ${line.number}: this fingerprint is listed twice`,
      );
    }
    trusted.set(hex, match[2] ?? '');
  }
  if (trusted.size === 0) {
    throw new ConsoleError(`client fingerprints file ${file} lists no certificate`);
  }
  return trusted;
}

const PEM_BLOCK = /-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g;

/** PEM CA certificates; each block must parse. Returns the blocks alone for the TLS `ca`. */
export function loadClientCa(file: string): Buffer {
  const text = readText(file, 'client CA file');
  const blocks: string[] = [];
  for (const block of text.matchAll(PEM_BLOCK)) {
    blocks.push(block[0]);
    try {
      new X509Certificate(block[0]);
    } catch {
      const line = text.slice(0, block.index).split('\n').length;
      throw new ConsoleError(`client CA file ${file} line ${line}: not a valid PEM certificate`);
    }
  }
  if (blocks.length === 0) {
    throw new ConsoleError(`client CA file ${file} holds no PEM certificate`);
  }
  return Buffer.from(`${blocks.join('\n')}\n`);
}

const CRL_BLOCK = /-----BEGIN X509 CRL-----[\s\S]*?-----END X509 CRL-----/g;

/** PEM certificate revocation lists (`openssl ca -gencrl`); OpenSSL must take each one. */
export function loadClientCrl(file: string): Buffer {
  const text = readText(file, 'client CRL file');
  const blocks = [...text.matchAll(CRL_BLOCK)].map((block) => block[0]);
  if (blocks.length === 0) throw new ConsoleError(`client CRL file ${file} holds no PEM CRL`);
  try {
    createSecureContext({ crl: blocks });
  } catch (error) {
    throw new ConsoleError(`client CRL file ${file}: not a valid CRL (${errorMessage(error)})`);
  }
  return Buffer.from(`${blocks.join('\n')}\n`);
}

/** The OIDC client secret: the file's text without surrounding white space, not empty. */
export function loadClientSecret(file: string): string {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new ConsoleError(`cannot read the OIDC client secret ${file}: ${errorMessage(error)}`);
  }
  const secret = text.trim();
  if (secret === '' || /\s/.test(secret)) {
    throw new ConsoleError(`OIDC client secret file ${file} must hold the secret on one line`);
  }
  return secret;
}
