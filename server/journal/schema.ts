/**
 * The journal's one schema, for both back-ends, as numbered migrations applied at start in one
 * transaction each (a console server sharing a PostgreSQL journal with others takes an advisory
 * lock first, so two servers starting at once do not both migrate).
 */
import type { JournalDb } from './db';

export const MIGRATIONS: readonly string[] = [
  // 1: the journal, and where each remote's stream was last seen (gaps across restarts).
  `
  CREATE TABLE IF NOT EXISTS journal (
    id bigserial PRIMARY KEY,
    at timestamptz NOT NULL,
    remote text NOT NULL,
    project text NOT NULL DEFAULT '',
    kind text NOT NULL,
    action text NOT NULL,
    outcome text NOT NULL,
    resource_type text NOT NULL DEFAULT '',
    resource text NOT NULL DEFAULT '',
    resource_path text NOT NULL DEFAULT '',
    name text NOT NULL DEFAULT '',
    lxd_user text NOT NULL DEFAULT '',
    identity text NOT NULL DEFAULT '',
    protocol text NOT NULL DEFAULT '',
    address text NOT NULL DEFAULT '',
    console_user text,
    via_console boolean NOT NULL DEFAULT false,
    message text NOT NULL DEFAULT '',
    until_at timestamptz,
    key text NOT NULL UNIQUE
  );
  CREATE INDEX IF NOT EXISTS journal_at ON journal (at DESC, id DESC);
  CREATE INDEX IF NOT EXISTS journal_lxd_user ON journal (lxd_user, at DESC);
  CREATE INDEX IF NOT EXISTS journal_identity ON journal (identity, at DESC);
  CREATE INDEX IF NOT EXISTS journal_console_user ON journal (console_user, at DESC);
  CREATE INDEX IF NOT EXISTS journal_resource ON journal (resource_path text_pattern_ops, at DESC);
  CREATE INDEX IF NOT EXISTS journal_project ON journal (project, at DESC);
  CREATE TABLE IF NOT EXISTS journal_streams (
    remote text PRIMARY KEY,
    seen_at timestamptz NOT NULL
  );
  `,
  // 2: usage history (server/journal/usage*.ts): samples of each instance, raw (resolution 0)
  // and averaged over 5 minutes (300) and hours (3600); and how far each remote is averaged.
  `
  CREATE TABLE IF NOT EXISTS usage_samples (
    resolution integer NOT NULL,
    remote text NOT NULL,
    project text NOT NULL,
    instance text NOT NULL,
    member text NOT NULL DEFAULT '',
    at timestamptz NOT NULL,
    cpu_cores double precision,
    memory_bytes double precision,
    disk_bytes double precision,
    rx_bps double precision,
    tx_bps double precision,
    PRIMARY KEY (resolution, remote, project, instance, at)
  );
  CREATE INDEX IF NOT EXISTS usage_samples_member ON usage_samples (resolution, remote, member, at);
  CREATE INDEX IF NOT EXISTS usage_samples_at ON usage_samples (resolution, at);
  CREATE TABLE IF NOT EXISTS usage_rollups (
    remote text NOT NULL,
    resolution integer NOT NULL,
    until_at timestamptz NOT NULL,
    PRIMARY KEY (remote, resolution)
  );
  `,
];

/** Applies the migrations the database has not had yet. */
export async function migrate(db: JournalDb): Promise<void> {
  await db.exec(`CREATE TABLE IF NOT EXISTS journal_migrations (
    version integer PRIMARY KEY,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`);
  await db.transaction(async (tx) => {
    // Only one console server migrates a shared database at a time (the lock ends with the
    // transaction); PGlite has one connection, for which the lock is harmless.
    await tx.query('SELECT pg_advisory_xact_lock(3307)');
    const rows = await tx.query<{ version: number }>('SELECT version FROM journal_migrations');
    const applied = new Set(rows.map((row) => row.version));
    for (const [index, sql] of MIGRATIONS.entries()) {
      const version = index + 1;
      if (applied.has(version)) continue;
      await tx.exec(sql);
      await tx.query('INSERT INTO journal_migrations (version) VALUES ($1)', [version]);
    }
  });
}
