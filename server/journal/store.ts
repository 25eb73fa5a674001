/**
 * Reading and writing the journal: entries in batches (a replayed entry is written once, by its
 * key), pages of entries by filter (newest first), and retention by age and count.
 */
import type { JournalDb } from './db';
import type { ActivityEntry } from '../../src/lxd/activity';
import type { JournalEntry } from './entries';

const COLUMNS = [
  'at',
  'remote',
  'project',
  'kind',
  'action',
  'outcome',
  'resource_type',
  'resource',
  'resource_path',
  'name',
  'lxd_user',
  'identity',
  'protocol',
  'address',
  'console_user',
  'via_console',
  'message',
  'until_at',
  'key',
] as const;

/** Rows per INSERT (PostgreSQL takes at most 65,535 parameters in one statement). */
const BATCH = 1_000;

function values(entry: JournalEntry): unknown[] {
  return [
    entry.time,
    entry.remote,
    entry.project,
    entry.kind,
    entry.action,
    entry.outcome,
    entry.resourceType,
    entry.resource,
    entry.resourcePath,
    entry.name,
    entry.user,
    entry.identity,
    entry.protocol,
    entry.address,
    entry.consoleUser,
    entry.viaConsole,
    entry.message,
    entry.until,
    entry.key,
  ];
}

/** Writes the entries; those already there (same key) are left as they are. */
export async function insertEntries(
  db: Pick<JournalDb, 'query'>,
  entries: readonly JournalEntry[],
): Promise<void> {
  for (let start = 0; start < entries.length; start += BATCH) {
    const batch = entries.slice(start, start + BATCH);
    const params: unknown[] = [];
    const rows = batch.map((entry) => {
      const first = params.length;
      params.push(...values(entry));
      return `(${COLUMNS.map((_, i) => `$${first + i + 1}`).join(',')})`;
    });
    await db.query(
      `INSERT INTO journal (${COLUMNS.join(',')}) VALUES ${rows.join(',')} ON CONFLICT (key) DO NOTHING`,
      params,
    );
  }
}

/** What the Activity page asks for. Every field is optional. */
export interface JournalFilter {
  user?: string;
  action?: string;
  type?: string;
  project?: string;
  remote?: string;
  /** An LXD path: that resource and everything below it. */
  resource?: string;
  since?: string;
  until?: string;
  /** Older than this entry (the next page). */
  before?: string;
  /** Written after this entry (the live tail: ids grow as entries are written). */
  after?: string;
  limit?: number;
}

/** Which projects of which remote a user may see; `all` for everything. */
export type Visibility = 'all' | ReadonlyMap<string, ReadonlySet<string>>;

/** An entry as the console server answers it (the contract of src/lxd/activity.ts). */
export type { ActivityEntry };

interface Row {
  id: string | number;
  at: Date | string;
  remote: string;
  project: string;
  kind: JournalEntry['kind'];
  action: string;
  outcome: JournalEntry['outcome'];
  resource_type: string;
  resource: string;
  name: string;
  lxd_user: string;
  identity: string;
  protocol: string;
  address: string;
  console_user: string | null;
  via_console: boolean;
  message: string;
  until_at: Date | string | null;
}

function iso(value: Date | string): string {
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}

function entryOf(row: Row): ActivityEntry {
  return {
    id: String(row.id),
    time: iso(row.at),
    remote: row.remote,
    project: row.project,
    kind: row.kind,
    action: row.action,
    outcome: row.outcome,
    resourceType: row.resource_type,
    resource: row.resource,
    name: row.name,
    user: row.lxd_user,
    identity: row.identity,
    protocol: row.protocol,
    address: row.address,
    consoleUser: row.console_user,
    viaConsole: row.via_console,
    message: row.message,
    until: row.until_at === null ? null : iso(row.until_at),
  };
}

export const DEFAULT_PAGE = 100;
export const MAX_PAGE = 500;

/** The WHERE clause and parameters of a filter (and of what the user may see). */
export function whereOf(
  filter: JournalFilter,
  visible: Visibility,
): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const clauses: string[] = [];
  const param = (value: unknown): string => {
    params.push(value);
    return `$${params.length}`;
  };
  if (filter.user) {
    const p = param(filter.user);
    clauses.push(`(lxd_user = ${p} OR identity = ${p} OR console_user = ${p})`);
  }
  if (filter.action) clauses.push(`action = ${param(filter.action)}`);
  if (filter.type) clauses.push(`resource_type = ${param(filter.type)}`);
  if (filter.project) clauses.push(`project = ${param(filter.project)}`);
  if (filter.remote) clauses.push(`remote = ${param(filter.remote)}`);
  if (filter.resource) {
    const exact = param(filter.resource);
    const below = param(`${filter.resource.replace(/[\\%_]/g, (c) => `\\${c}`)}/%`);
    clauses.push(`(resource_path = ${exact} OR resource_path LIKE ${below})`);
  }
  if (filter.since) clauses.push(`at >= ${param(filter.since)}`);
  if (filter.until) clauses.push(`at <= ${param(filter.until)}`);
  if (filter.before) {
    // Newest first by time, then id: the page after an entry starts below it in that order.
    const id = param(filter.before);
    clauses.push(`(at, id) < (SELECT at, id FROM journal WHERE id = ${id})`);
  }
  if (filter.after) clauses.push(`id > ${param(filter.after)}`);
  if (visible !== 'all') {
    // Gaps concern a whole remote: everyone who sees one of its projects sees them.
    const allowed = [...visible.entries()].map(
      ([remote, projects]) =>
        `(remote = ${param(remote)} AND (kind = 'gap' OR project = ANY(${param([...projects])})))`,
    );
    clauses.push(allowed.length > 0 ? `(${allowed.join(' OR ')})` : 'false');
  }
  return { sql: clauses.length > 0 ? `WHERE ${clauses.join(' AND ')}` : '', params };
}

/** A page of entries, newest first; `more` when older ones match too. */
export async function queryEntries(
  db: Pick<JournalDb, 'query'>,
  filter: JournalFilter,
  visible: Visibility = 'all',
): Promise<{ entries: ActivityEntry[]; more: boolean }> {
  const limit = Math.min(Math.max(filter.limit ?? DEFAULT_PAGE, 1), MAX_PAGE);
  const { sql, params } = whereOf(filter, visible);
  const rows = await db.query<Row>(
    `SELECT id, at, remote, project, kind, action, outcome, resource_type, resource, name,
       lxd_user, identity, protocol, address, console_user, via_console, message, until_at
     FROM journal ${sql} ORDER BY at DESC, id DESC LIMIT ${limit + 1}`,
    params,
  );
  return { entries: rows.slice(0, limit).map(entryOf), more: rows.length > limit };
}

/** Every matching entry, newest first, a page at a time (the export). */
export async function* allEntries(
  db: Pick<JournalDb, 'query'>,
  filter: JournalFilter,
  visible: Visibility = 'all',
): AsyncGenerator<ActivityEntry> {
  let before = filter.before;
  for (;;) {
    const page = await queryEntries(db, { ...filter, before, limit: MAX_PAGE }, visible);
    yield* page.entries;
    const last = page.entries.at(-1);
    if (!page.more || !last) return;
    before = last.id;
  }
}

export interface Retention {
  /** Entries older than this are removed (days). */
  maxAgeDays: number;
  /** Beyond this many entries the oldest are removed. */
  maxRows: number;
}

export const DEFAULT_RETENTION: Retention = { maxAgeDays: 365, maxRows: 10_000_000 };

/** Removes entries beyond the retention's age and count. Returns how many went. */
export async function applyRetention(
  db: Pick<JournalDb, 'query'>,
  retention: Retention,
  now = new Date(),
): Promise<number> {
  const cutoff = new Date(now.getTime() - retention.maxAgeDays * 86_400_000).toISOString();
  const aged = await db.query<{ n: string | number }>(
    'WITH gone AS (DELETE FROM journal WHERE at < $1 RETURNING 1) SELECT count(*) AS n FROM gone',
    [cutoff],
  );
  const counted = await db.query<{ id: string | number }>(
    'SELECT id FROM journal ORDER BY id DESC OFFSET $1 LIMIT 1',
    [retention.maxRows],
  );
  let trimmed = 0;
  const boundary = counted[0]?.id;
  if (boundary !== undefined) {
    const rows = await db.query<{ n: string | number }>(
      'WITH gone AS (DELETE FROM journal WHERE id <= $1 RETURNING 1) SELECT count(*) AS n FROM gone',
      [boundary],
    );
    trimmed = Number(rows[0]?.n ?? 0);
  }
  return Number(aged[0]?.n ?? 0) + trimmed;
}

/** When each remote's stream was last heard (kept across restarts: the gap of a restart). */
export async function streamSeen(db: Pick<JournalDb, 'query'>): Promise<Map<string, string>> {
  const rows = await db.query<{ remote: string; seen_at: Date | string }>(
    'SELECT remote, seen_at FROM journal_streams',
  );
  return new Map(rows.map((row) => [row.remote, iso(row.seen_at)]));
}

export async function markStreamSeen(
  db: Pick<JournalDb, 'query'>,
  seen: ReadonlyMap<string, string>,
): Promise<void> {
  for (const [remote, at] of seen) {
    await db.query(
      `INSERT INTO journal_streams (remote, seen_at) VALUES ($1, $2)
       ON CONFLICT (remote) DO UPDATE SET seen_at = GREATEST(journal_streams.seen_at, EXCLUDED.seen_at)`,
      [remote, at],
    );
  }
}
