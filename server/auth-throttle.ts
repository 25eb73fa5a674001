/**
 * What keeps password guessing and password hashing in bounds. Sign-in attempts are counted per
 * user name and per client address, and a slot is taken before the password is checked, so
 * concurrent guesses count as much as sequential ones. scrypt runs on libuv's thread pool, which
 * file reads share: one check runs at a time, a few wait, and the rest are refused at once.
 */
import net from 'node:net';

/** Password checks allowed per user name, and per client address, within ATTEMPT_WINDOW_MS. */
export const MAX_ATTEMPTS = 5;
export const ATTEMPT_WINDOW_MS = 60_000;
/** scrypt checks running at once (each takes one libuv thread), and waiting for their turn. */
export const HASHES_RUNNING = 1;
export const HASHES_WAITING = 4;

/** The first 64 bits of an IPv6 address: what one client usually has to itself. */
function ipv6Prefix(address: string): string {
  const [head = '', tail] = address.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const groups =
    tail === undefined
      ? left
      : [
          ...left,
          ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'),
          ...right,
        ];
  const prefix = groups.slice(0, 4).map((group) => Number.parseInt(group, 16).toString(16));
  return `${prefix.join(':')}::/64`;
}

/** Whom sign-in attempts count against: an IPv4 address (also mapped into IPv6), an IPv6 /64. */
export function addressKey(address: string | undefined): string {
  const bare = (address ?? '').replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  if (mapped?.[1] !== undefined) return mapped[1];
  return net.isIPv6(bare) ? ipv6Prefix(bare) : bare;
}

export type Reservation = { release: () => void } | { retryAfterSeconds: number };

export interface AttemptLimiter {
  /**
   * Takes a slot for one password check of this user from this address, or says in how many
   * seconds one frees up. Call release() when no check ran or the password was right.
   */
  reserve: (user: string, address: string) => Reservation;
  /** Forgets attempts older than the window. */
  sweep: () => void;
  clear: () => void;
}

export function createAttemptLimiter(
  max = MAX_ATTEMPTS,
  windowMs = ATTEMPT_WINDOW_MS,
  now: () => number = Date.now,
): AttemptLimiter {
  const byUser = new Map<string, number[]>();
  const byAddress = new Map<string, number[]>();

  function recent(map: Map<string, number[]>, key: string): number[] {
    const since = now() - windowMs;
    const times = (map.get(key) ?? []).filter((time) => time > since);
    if (times.length > 0) map.set(key, times);
    else map.delete(key);
    return times;
  }

  function forget(map: Map<string, number[]>, key: string, time: number): void {
    const times = map.get(key);
    const index = times?.indexOf(time) ?? -1;
    if (!times || index === -1) return;
    times.splice(index, 1);
    if (times.length === 0) map.delete(key);
  }

  return {
    reserve(user, address) {
      const userTimes = recent(byUser, user);
      const addressTimes = recent(byAddress, address);
      const full = [userTimes, addressTimes].filter((times) => times.length >= max);
      const t = now();
      if (full.length > 0) {
        // A slot frees up when the attempt that fills the window grows older than it.
        const freeAt = Math.max(
          ...full.map((times) => (times[times.length - max] ?? t) + windowMs),
        );
        return { retryAfterSeconds: Math.max(1, Math.ceil((freeAt - t) / 1000)) };
      }
      byUser.set(user, [...userTimes, t]);
      byAddress.set(address, [...addressTimes, t]);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          forget(byUser, user, t);
          forget(byAddress, address, t);
        },
      };
    },
    sweep() {
      for (const key of [...byUser.keys()]) recent(byUser, key);
      for (const key of [...byAddress.keys()]) recent(byAddress, key);
    },
    clear() {
      byUser.clear();
      byAddress.clear();
    },
  };
}

export interface HashQueue {
  /** Runs the task in its turn; undefined (and the task never runs) when the queue is full. */
  run: <T>(task: () => Promise<T>) => Promise<T> | undefined;
}

export function createHashQueue(running = HASHES_RUNNING, waiting = HASHES_WAITING): HashQueue {
  let active = 0;
  const queue: Array<() => void> = [];
  const next = (): void => {
    active -= 1;
    queue.shift()?.();
  };
  return {
    run<T>(task: () => Promise<T>): Promise<T> | undefined {
      if (active >= running && queue.length >= waiting) return undefined;
      return new Promise<T>((resolve, reject) => {
        const start = (): void => {
          active += 1;
          Promise.resolve().then(task).then(resolve, reject).finally(next);
        };
        if (active < running) start();
        else queue.push(start);
      });
    },
  };
}
