/**
 * The users of --auth-users as they are now: the file is looked at (one fs.statSync) at most
 * once per check interval, and read again when its size, times or inode change. A user removed
 * from the file, or given another hash, loses every session at the next look; a user added can
 * sign in without a restart. A file that cannot be read or parsed any more admits nobody by
 * password until it is fixed (one stderr line), rather than the users it used to list.
 */
import { statSync, type Stats } from 'node:fs';
import { formatScryptHash, loadUsers, type ScryptHash } from './auth-files';
import { createPasswordChecker } from './auth-password';
import { errorMessage } from './errors';
import { passwordStamp } from './session-cookie';

export const USERS_CHECK_MS = 1000;

export interface UsersSource {
  /** Looks at the file if the last look is older than the interval; true when it changed. */
  poll: () => boolean;
  /** Looks at the file now; true when it changed (the change listener has run). */
  refresh: () => boolean;
  /** The stamp of the user's current hash (session-cookie.ts passwordStamp), if listed. */
  stamp: (user: string) => string | undefined;
  /** Checks a password against the current list; the user's stamp when it is right. */
  check: (user: string, password: string) => Promise<string | undefined>;
}

interface Snapshot {
  users: ReadonlyMap<string, ScryptHash>;
  stamps: ReadonlyMap<string, string>;
  check: (user: string, password: string) => Promise<boolean>;
}

function snapshot(users: ReadonlyMap<string, ScryptHash>): Snapshot {
  const stamps = new Map<string, string>();
  for (const [name, hash] of users) stamps.set(name, passwordStamp(formatScryptHash(hash)));
  return { users, stamps, check: createPasswordChecker(users) };
}

/** What tells a changed file apart: a missing file is "missing". */
function signature(file: string): string {
  let stats: Stats;
  try {
    stats = statSync(file);
  } catch {
    return 'missing';
  }
  return `${stats.ino}:${stats.size}:${stats.mtimeMs}:${stats.ctimeMs}`;
}

export function createUsersSource(
  initial: ReadonlyMap<string, ScryptHash>,
  options: {
    /** Without a file the list never changes (tests, users given in code). */
    file?: string | undefined;
    checkMs?: number;
    /** Called after the list changed: the sessions are checked again (websockets closed). */
    onChange?: () => void;
  } = {},
): UsersSource {
  const { file } = options;
  const checkMs = options.checkMs ?? USERS_CHECK_MS;
  let current = snapshot(initial);
  let seen = file === undefined ? '' : signature(file);
  let lookedAt = performance.now();

  function refresh(): boolean {
    lookedAt = performance.now();
    if (file === undefined) return false;
    const now = signature(file);
    if (now === seen) return false;
    seen = now;
    try {
      current = snapshot(loadUsers(file));
    } catch (error) {
      current = snapshot(new Map());
      process.stderr.write(
        `console server: ${errorMessage(error)}; nobody can use a password until the users file is fixed\n`,
      );
    }
    options.onChange?.();
    return true;
  }

  return {
    poll: () => (performance.now() - lookedAt >= checkMs ? refresh() : false),
    refresh,
    stamp: (user) => current.stamps.get(user),
    async check(user, password) {
      const { check, stamps } = current;
      return (await check(user, password)) ? stamps.get(user) : undefined;
    },
  };
}
