/** The journal bench's rows: a steady mix of generated entries, loaded once and kept. */
import { createHash } from 'node:crypto';
import type { JournalDb } from '../../server/journal/db';
import { entryOfEvent, RESOURCE_TYPES, type JournalEntry } from '../../server/journal/entries';
import { migrate } from '../../server/journal/schema';
import { insertEntries } from '../../server/journal/store';

const USERS = 20;
const PROJECTS = 10;
const DAY_MS = 86_400_000;

const FINGERPRINTS = Array.from({ length: USERS }, (_, n) =>
  createHash('sha256')
    .update(`user-${String(n)}`)
    .digest('hex'),
);

/** The i-th generated entry: a steady mix of users, types, projects over 30 days up to `now`. */
export function generatedEntry(i: number, rows: number, now: number): JournalEntry {
  const type = RESOURCE_TYPES[i % (RESOURCE_TYPES.length - 2)] ?? 'instance';
  const name = `inst-${String(i % 5000)}`;
  const event = entryOfEvent('local', {
    type: 'lifecycle',
    timestamp: new Date(now - ((rows - i) / rows) * 30 * DAY_MS).toISOString(),
    project: `proj-${String(i % PROJECTS)}`,
    metadata: {
      action: `${type}-updated`,
      source: `/1.0/${type}s/${name}`,
      requestor: {
        // As LXD names a TLS client: its certificate's fingerprint.
        username: FINGERPRINTS[i % USERS],
        protocol: 'tls',
        address: '10.0.0.1:5000',
      },
      n: i,
    },
  });
  if (!event) throw new Error('no entry');
  // The collector adds the name LXD's trust store gives that certificate.
  return { ...event, identity: `user-${String(i % USERS)}` };
}

/** Loads `rows` generated entries into an empty journal (skipped when it holds them already). */
export async function load(
  db: JournalDb,
  rows: number,
  log: (line: string) => void,
): Promise<number> {
  await migrate(db);
  const [count] = await db.query<{ n: string | number }>('SELECT count(*) AS n FROM journal');
  if (Number(count?.n ?? 0) === rows) return 0;
  await db.query('TRUNCATE journal');
  const started = performance.now();
  const now = Date.now();
  const batch = 5_000;
  for (let start = 0; start < rows; start += batch) {
    const entries = Array.from({ length: Math.min(batch, rows - start) }, (_, k) =>
      generatedEntry(start + k, rows, now),
    );
    await insertEntries(db, entries);
    if ((start / batch) % 40 === 0) log(`  loaded ${String(start + entries.length)} rows`);
  }
  await db.exec('ANALYZE journal');
  return (performance.now() - started) / 1000;
}

export async function sizeOf(db: JournalDb): Promise<number> {
  // The journal's table with its indexes and TOAST, the same measure on both back-ends (the
  // database directory also holds the usage history and the write-ahead log).
  const [row] = await db.query<{ size: string }>(
    "SELECT pg_total_relation_size('journal')::text AS size",
  );
  return Number(row?.size ?? 0);
}
