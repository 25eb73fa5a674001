/**
 * The journal's writer: entries arrive from the collectors, are appended to a spool file in the
 * state directory within FLUSH_MS (a crash of the console server loses at most that much), and
 * are written to the database from there. While the database cannot be reached the spool keeps
 * them (the Activity page says the journal is behind) and they are written when it is back; past
 * the spool's limit new entries are not kept and the time they cover is recorded as a gap.
 */
import {
  appendFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { ConsoleError, errorMessage } from '../errors';
import { openJournalDb, type JournalDb, type JournalStoreTarget } from './db';
import { gapEntry, type JournalEntry } from './entries';
import { migrate } from './schema';
import {
  applyRetention,
  DEFAULT_RETENTION,
  insertEntries,
  markStreamSeen,
  streamSeen,
  type Retention,
} from './store';

export const FLUSH_MS = 250;
export const RETRY_MS = 2_000;
export const SPOOL_LIMIT = 200_000;
export const RETENTION_EVERY_MS = 60 * 60_000;
export const SPOOL_FILE = 'journal-spool.jsonl';

export const JOURNAL_BEHIND =
  'The journal is behind: its database cannot be reached. New entries are kept and written when it is back.';

export interface JournalStatus {
  state: 'ok' | 'behind';
  /** Entries kept in the spool, not yet in the database. */
  pending: number;
  message: string;
}

export interface JournalOptions {
  store: JournalStoreTarget;
  /** Where the spool is kept (and the embedded database by default). */
  stateDir: string;
  retention?: Retention;
  flushMs?: number;
  retryMs?: number;
  spoolLimit?: number;
  /** Marks entries made through the console (server/journal/calls.ts). */
  attribute?: (entry: JournalEntry) => JournalEntry;
  /** Opens the database (tests hand one in); by default from `store`. */
  openDb?: () => Promise<JournalDb>;
}

export interface Journal {
  /** Takes an entry (from a collector). Never throws, never waits. */
  add: (entry: JournalEntry) => void;
  /** The remote's stream is heard now (kept, to find the gap of a restart). */
  heard: (remote: string) => void;
  /** When the remote's stream was last heard before this process (undefined: never). */
  lastHeard: (remote: string) => Promise<string | undefined>;
  status: () => JournalStatus;
  /** Runs a read on the database; rejects while it cannot be reached. */
  read: <T>(work: (db: JournalDb) => Promise<T>) => Promise<T>;
  /** Writes what is pending now (tests, shutdown). */
  flush: () => Promise<void>;
  close: () => Promise<void>;
}

interface Dropped {
  from: string;
  until: string;
}

export function openJournal(options: JournalOptions): Journal {
  const flushMs = options.flushMs ?? FLUSH_MS;
  const retryMs = options.retryMs ?? RETRY_MS;
  const spoolLimit = options.spoolLimit ?? SPOOL_LIMIT;
  const retention = options.retention ?? DEFAULT_RETENTION;
  const attribute = options.attribute ?? ((entry: JournalEntry) => entry);
  mkdirSync(options.stateDir, { recursive: true, mode: 0o700 });
  const releaseLock = lockStateDir(options.stateDir);
  const spoolFile = path.join(options.stateDir, SPOOL_FILE);

  /** Arrived, not yet in the spool file. */
  let arriving: JournalEntry[] = [];
  /** In the spool file, not yet in the database. */
  let spooled: JournalEntry[] = readSpool(spoolFile);
  const dropped = new Map<string, Dropped>();
  const seen = new Map<string, string>();
  let seenBefore: Map<string, string> | undefined;
  let db: JournalDb | undefined;
  let opening: Promise<JournalDb> | undefined;
  let failure = '';
  let writing: Promise<void> | undefined;
  let closed = false;
  let lastRetention = 0;
  let lastAttempt = 0;

  async function database(): Promise<JournalDb> {
    if (db) return db;
    opening ??= (async () => {
      const opened = await (options.openDb ?? (() => openJournalDb(options.store)))();
      try {
        await migrate(opened);
        seenBefore = await streamSeen(opened);
      } catch (error) {
        await opened.close().catch(() => undefined);
        throw error;
      }
      db = opened;
      return opened;
    })().finally(() => {
      opening = undefined;
    });
    return opening;
  }

  function toSpool(): void {
    if (arriving.length === 0) return;
    const batch = arriving;
    arriving = [];
    const room = Math.max(spoolLimit - spooled.length, 0);
    const kept = batch.slice(0, room);
    for (const entry of batch.slice(room)) {
      const gap = dropped.get(entry.remote);
      dropped.set(entry.remote, {
        from: gap?.from ?? entry.time,
        until: entry.time,
      });
    }
    if (kept.length === 0) return;
    try {
      appendFileSync(spoolFile, kept.map((entry) => `${JSON.stringify(entry)}\n`).join(''), {
        mode: 0o600,
      });
    } catch (error) {
      process.stderr.write(
        `console server: cannot write the journal spool: ${errorMessage(error)}\n`,
      );
    }
    spooled.push(...kept);
  }

  async function write(force = false): Promise<void> {
    toSpool();
    if (spooled.length === 0 && dropped.size === 0 && seen.size === 0) return;
    // After a failure the database is tried again every retryMs; the spool is written meanwhile.
    if (!force && failure && Date.now() - lastAttempt < retryMs) return;
    lastAttempt = Date.now();
    let target: JournalDb;
    try {
      target = await database();
    } catch (error) {
      fail(error);
      return;
    }
    const batch = spooled.slice();
    const gaps = [...dropped].map(([remote, span]) =>
      gapEntry(remote, span.from, span.until, 'the journal could not keep them all'),
    );
    const heard = new Map(seen);
    try {
      await target.transaction(async (tx) => {
        await insertEntries(tx, [...batch, ...gaps]);
        await markStreamSeen(tx, heard);
      });
    } catch (error) {
      fail(error);
      return;
    }
    if (failure) process.stderr.write('console server: the journal is written again\n');
    failure = '';
    dropped.clear();
    for (const [remote, at] of heard) if (seen.get(remote) === at) seen.delete(remote);
    spooled = spooled.slice(batch.length);
    if (spooled.length === 0) {
      try {
        truncateSync(spoolFile, 0);
      } catch {
        // no spool file yet
      }
    } else rewriteSpool(spoolFile, spooled);
    if (Date.now() - lastRetention > RETENTION_EVERY_MS) {
      lastRetention = Date.now();
      await applyRetention(target, retention).catch((error: unknown) => {
        process.stderr.write(`console server: journal retention: ${errorMessage(error)}\n`);
      });
    }
  }

  function fail(error: unknown): void {
    const message = errorMessage(error).split('\n')[0] ?? '';
    if (message !== failure) {
      process.stderr.write(
        `console server: the journal's database (${options.store.kind === 'embedded' ? options.store.dir : 'PostgreSQL'}) cannot be written; entries are kept in ${spoolFile}: ${message}\n`,
      );
    }
    failure = message || 'unknown error';
    // A broken connection is dropped; the next write opens it again.
    const broken = db;
    if (broken?.kind === 'postgres') {
      db = undefined;
      void broken.close().catch(() => undefined);
    }
  }

  let timer: NodeJS.Timeout | undefined;
  function schedule(): void {
    if (closed) return;
    timer = setTimeout(() => {
      writing = write().finally(() => {
        writing = undefined;
        schedule();
      });
    }, flushMs);
    timer.unref();
  }
  schedule();

  return {
    add(entry) {
      if (closed) return;
      arriving.push(attribute(entry));
    },
    heard(remote) {
      seen.set(remote, new Date().toISOString());
    },
    async lastHeard(remote) {
      if (!seenBefore) await database().catch(() => undefined);
      return seenBefore?.get(remote);
    },
    status() {
      const pending = spooled.length + arriving.length;
      return failure
        ? { state: 'behind', pending, message: JOURNAL_BEHIND }
        : { state: 'ok', pending, message: '' };
    },
    async read(work) {
      return work(await database());
    },
    async flush() {
      while (writing) await writing;
      await write(true);
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      while (writing) await writing;
      // What is left goes to the spool at least (the database may be gone).
      toSpool();
      if (!failure) await write().catch(() => undefined);
      await db?.close().catch(() => undefined);
      db = undefined;
      releaseLock();
    },
  };
}

export const LOCK_FILE = 'console.pid';

/** Whether a process of that pid runs (signal 0 only checks). */
function alive(pid: number): boolean {
  try {
    // A zombie (ended, not yet reaped by its parent) holds nothing.
    const stat = readFileSync(`/proc/${String(pid)}/stat`, 'utf8');
    if (/^\d+ \(.*\) Z/s.test(stat)) return false;
  } catch {
    // No /proc here: ask with a signal.
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * One console server per state directory: its spool and embedded database are its own. Another
 * live process's pid in the lock file stops the start; a dead one's is taken over.
 */
function lockStateDir(dir: string): () => void {
  const file = path.join(dir, LOCK_FILE);
  try {
    const pid = Number(readFileSync(file, 'utf8').trim());
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid)) {
      throw new ConsoleError(
        `the state directory ${dir} is in use by another console server (process ${String(pid)}); give this one its own --state-dir`,
      );
    }
  } catch (error) {
    if (error instanceof ConsoleError) throw error;
    // No lock file yet.
  }
  writeFileSync(file, `${String(process.pid)}\n`, { mode: 0o600 });
  return () => {
    try {
      if (readFileSync(file, 'utf8').trim() === String(process.pid)) rmSync(file, { force: true });
    } catch {
      // already gone
    }
  };
}

function readSpool(file: string): JournalEntry[] {
  if (!existsSync(file)) return [];
  const entries: JournalEntry[] = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line) continue;
    try {
      entries.push(JSON.parse(line) as JournalEntry);
    } catch {
      // A line cut short by a crash: the rest is kept.
    }
  }
  return entries;
}

function rewriteSpool(file: string, entries: readonly JournalEntry[]): void {
  const next = `${file}.next`;
  try {
    appendFileSync(next, entries.map((entry) => `${JSON.stringify(entry)}\n`).join(''), {
      mode: 0o600,
      flag: 'w',
    });
    renameSync(next, file);
  } catch (error) {
    process.stderr.write(
      `console server: cannot rewrite the journal spool: ${errorMessage(error)}\n`,
    );
  }
}
