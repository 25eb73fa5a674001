/**
 * For the journal's unit tests: the two back-ends they run on, the embedded database (PGlite, in a
 * temporary directory) and a real PostgreSQL server that scripts/lib/postgres.ts starts for the
 * test file (Debian's, installed by `npm test` before the unit tests).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { startPostgres, type PostgresServer } from '../../scripts/lib/postgres';
import { openJournalDb, type JournalDb } from './db';
import { migrate } from './schema';

export type Backend = 'embedded' | 'postgres';

/** For `describe.each(BACKENDS)('… on the $backend database', ({ backend }) => …)`. */
export const BACKENDS: readonly { backend: Backend }[] = [
  { backend: 'embedded' },
  { backend: 'postgres' },
];

export interface TestDatabases {
  /** The file's temporary directory (removed after its tests). */
  readonly tmp: string;
  /** A migrated database of that back-end. */
  open: (backend: Backend) => Promise<JournalDb>;
}

/** Starts the file's PostgreSQL server and temporary directory before its tests, ends them after. */
export function useTestDatabases(name: string): TestDatabases {
  let tmp = '';
  let postgres: PostgresServer | undefined;
  beforeAll(async () => {
    tmp = mkdtempSync(path.join(os.tmpdir(), `${name}-test-`));
    postgres = await startPostgres(`${name}-unit`, { fresh: true });
  }, 120_000);
  afterAll(async () => {
    await postgres?.wipe();
    rmSync(tmp, { recursive: true, force: true });
  });
  return {
    get tmp() {
      return tmp;
    },
    async open(backend) {
      const db =
        backend === 'embedded'
          ? await openJournalDb({ kind: 'embedded', dir: path.join(tmp, 'db') })
          : await openJournalDb({ kind: 'postgres', url: postgres?.url ?? '' });
      await migrate(db);
      return db;
    },
  };
}
