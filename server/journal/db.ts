/**
 * The journal's database: one interface over the two back-ends, which speak the same SQL
 * (PostgreSQL's): PGlite (PostgreSQL compiled to WebAssembly, from the npm registry alone) in
 * the console server's state directory by default, or a PostgreSQL server named by a URL, for a
 * team whose console servers share one journal. Queries use $1… parameters.
 */
import { mkdirSync } from 'node:fs';
import { ConsoleError, errorMessage } from '../errors';

export interface JournalDb {
  /** `embedded` (PGlite) or `postgres`. */
  kind: 'embedded' | 'postgres';
  /** Where it is, for messages: the directory, or the URL without its password. */
  label: string;
  query: <Row = Record<string, unknown>>(sql: string, params?: unknown[]) => Promise<Row[]>;
  /** Several statements, no parameters (migrations). */
  exec: (sql: string) => Promise<void>;
  /** Runs `work` in one transaction (its queries through the given db). */
  transaction: <T>(work: (db: Pick<JournalDb, 'query' | 'exec'>) => Promise<T>) => Promise<T>;
  close: () => Promise<void>;
}

/** Where the journal is kept: a directory (embedded) or a PostgreSQL URL. */
export type JournalStoreTarget =
  { kind: 'embedded'; dir: string } | { kind: 'postgres'; url: string };

/** A URL shown without its password. */
export function safeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'postgres://…';
  }
}

async function openEmbedded(dir: string): Promise<JournalDb> {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
  } catch (error) {
    throw new ConsoleError(`cannot create the journal directory ${dir}: ${errorMessage(error)}`);
  }
  const { PGlite } = await import('@electric-sql/pglite');
  let pg: InstanceType<typeof PGlite>;
  try {
    pg = await PGlite.create(dir, {
      // A small write-ahead log: the journal writes little at a time (PostgreSQL's default
      // lets it grow to 1 GB after a bulk load).
      postgresqlconf: ["max_wal_size = '64MB'", "min_wal_size = '32MB'"],
    });
  } catch (error) {
    throw new ConsoleError(`cannot open the journal in ${dir}: ${errorMessage(error)}`);
  }
  const db: JournalDb = {
    kind: 'embedded',
    label: dir,
    async query<Row>(sql: string, params: unknown[] = []) {
      const result = await pg.query<Row>(sql, params);
      return result.rows;
    },
    async exec(sql) {
      await pg.exec(sql);
    },
    transaction: (work) =>
      pg.transaction((tx) =>
        work({
          query: async <Row>(sql: string, params: unknown[] = []) =>
            (await tx.query<Row>(sql, params)).rows,
          exec: async (sql: string) => {
            await tx.exec(sql);
          },
        }),
      ),
    async close() {
      await pg.close();
    },
  };
  return db;
}

async function openPostgres(url: string): Promise<JournalDb> {
  const { default: pgModule } = await import('pg');
  const pool = new pgModule.Pool({
    connectionString: url,
    max: 4,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  // A connection that breaks while idle is an event of the pool, not a crash of the server.
  pool.on('error', () => undefined);
  const label = safeUrl(url);
  const db: JournalDb = {
    kind: 'postgres',
    label,
    async query<Row>(sql: string, params: unknown[] = []) {
      const result = await pool.query(sql, params);
      return result.rows as Row[];
    },
    async exec(sql) {
      await pool.query(sql);
    },
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work({
          query: async <Row>(sql: string, params: unknown[] = []) =>
            (await client.query(sql, params)).rows as Row[],
          exec: async (sql: string) => {
            await client.query(sql);
          },
        });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async close() {
      await pool.end();
    },
  };
  return db;
}

/** Opens the journal's database (it may be unreachable: a PostgreSQL server that is down). */
export function openJournalDb(target: JournalStoreTarget): Promise<JournalDb> {
  return target.kind === 'embedded' ? openEmbedded(target.dir) : openPostgres(target.url);
}
