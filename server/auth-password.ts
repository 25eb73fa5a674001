/**
 * scrypt password hashes for --auth-users: making one (`hash-password`) and checking a password
 * against one in constant time. An unknown user costs the same scrypt run as a known one.
 */
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { formatScryptHash, scryptMemory, type ScryptHash } from './auth-files';

/**
 * New hashes: N=2^17, r=8, p=1 (OWASP's recommendation), 128 MiB and a few hundred ms per check
 * on a small machine. A users-file line keeps the parameters it was made with, so older hashes
 * (N=2^15) are still checked with theirs.
 */
export const DEFAULT_SCRYPT = { N: 131072, r: 8, p: 1 } as const;

function derive(
  password: string,
  salt: Buffer,
  params: { N: number; r: number; p: number },
  length: number,
): Promise<Buffer> {
  const { N, r, p } = params;
  return new Promise((resolve, reject) => {
    scrypt(
      password.normalize('NFC'),
      salt,
      length,
      { N, r, p, maxmem: scryptMemory({ N, r }) * 2 },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

/** The `scrypt$N$r$p$salt$hash` part of a users-file line. */
export async function hashPassword(
  password: string,
  params: { N: number; r: number; p: number } = DEFAULT_SCRYPT,
): Promise<string> {
  const salt = randomBytes(16);
  const hash = await derive(password, salt, params, 32);
  return formatScryptHash({ ...params, salt, hash });
}

export async function verifyPassword(password: string, stored: ScryptHash): Promise<boolean> {
  const key = await derive(password, stored.salt, stored, stored.hash.length);
  return timingSafeEqual(key, stored.hash);
}

/**
 * Checks a user's password; for a user not in the list it runs the same scrypt against a
 * stand-in hash (same parameters as a real user's) and answers false.
 */
export function createPasswordChecker(users: ReadonlyMap<string, ScryptHash>) {
  const model = users.values().next().value;
  const decoy: ScryptHash = {
    N: model?.N ?? DEFAULT_SCRYPT.N,
    r: model?.r ?? DEFAULT_SCRYPT.r,
    p: model?.p ?? DEFAULT_SCRYPT.p,
    salt: randomBytes(16),
    hash: randomBytes(model?.hash.length ?? 32),
  };
  return async (user: string, password: string): Promise<boolean> => {
    const stored = users.get(user);
    const ok = await verifyPassword(password, stored ?? decoy);
    return ok && stored !== undefined;
  };
}
