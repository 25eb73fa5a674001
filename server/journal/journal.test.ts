/**
 * The journal's store, writer and pages, run the same on both back-ends: the embedded database
 * (PGlite, in a temporary directory) and a real PostgreSQL server that scripts/lib/postgres.ts
 * starts for this file.
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BACKENDS, useTestDatabases } from './testing';
import { createConsoleCalls } from './calls';
import type { JournalDb } from './db';
import { entryOfEvent, gapEntry, gapMessage, type JournalEntry } from './entries';
import { createActivityHandler, csvLine, CSV_COLUMNS } from './http';
import { JOURNAL_BEHIND, openJournal, SPOOL_FILE } from './journal';
import { migrate } from './schema';
import { applyRetention, insertEntries, queryEntries } from './store';

let serial = 0;
function lifecycle(
  action: string,
  source: string,
  extra: { user?: string; project?: string; time?: string } = {},
): JournalEntry {
  serial += 1;
  const entry = entryOfEvent('local', {
    type: 'lifecycle',
    timestamp: extra.time ?? new Date(Date.UTC(2026, 10, 29, 12, 0, serial)).toISOString(),
    project: extra.project ?? 'default',
    metadata: {
      action,
      source,
      requestor: { username: extra.user ?? 'alice', protocol: 'tls', address: '10.0.0.1:5000' },
      serial,
    },
  });
  if (!entry) throw new Error('no entry');
  return entry;
}

const databases = useTestDatabases('journal');

describe.each(BACKENDS)('the journal on the $backend database', ({ backend }) => {
  let db: JournalDb;

  beforeAll(async () => {
    db = await databases.open(backend);
    // Migrating twice changes nothing.
    await migrate(db);
  }, 60_000);

  afterAll(async () => {
    await db.close();
  });

  beforeEach(async () => {
    await db.query('DELETE FROM journal');
    await db.query('DELETE FROM journal_streams');
  });

  it('writes an entry once, however often it is replayed', async () => {
    const entry = lifecycle('instance-started', '/1.0/instances/c1');
    await insertEntries(db, [entry, entry]);
    await insertEntries(db, [entry]);
    const { entries } = await queryEntries(db, {});
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'instance-started',
      resourceType: 'instance',
      name: 'c1',
      user: 'alice',
      protocol: 'tls',
      remote: 'local',
      project: 'default',
      outcome: 'success',
    });
  });

  it('filters by user (LXD or console), type, project, resource and time, newest first', async () => {
    const calls = createConsoleCalls(
      () => true,
      () => Date.now(),
    );
    calls.record({
      user: 'dana',
      remote: 'local',
      method: 'PUT',
      path: '/1.0/instances/c1/state',
    });
    await insertEntries(db, [
      lifecycle('instance-created', '/1.0/instances/c1', { user: 'bob' }),
      calls.attribute(lifecycle('instance-started', '/1.0/instances/c1')),
      lifecycle('instance-snapshot-created', '/1.0/instances/c1/snapshots/s0'),
      lifecycle('instance-started', '/1.0/instances/c10'),
      lifecycle('profile-updated', '/1.0/profiles/web', { project: 'p2' }),
    ]);
    const names = async (filter: Parameters<typeof queryEntries>[1]) =>
      (await queryEntries(db, filter)).entries.map((e) => `${e.action} ${e.name}`);
    expect(await names({ user: 'bob' })).toEqual(['instance-created c1']);
    expect(await names({ user: 'dana' })).toEqual(['instance-started c1']);
    expect(await names({ type: 'snapshot' })).toEqual(['instance-snapshot-created c1/s0']);
    expect(await names({ project: 'p2' })).toEqual(['profile-updated web']);
    // A resource and what is below it, not its namesakes (c10).
    expect(await names({ resource: '/1.0/instances/c1' })).toEqual([
      'instance-snapshot-created c1/s0',
      'instance-started c1',
      'instance-created c1',
    ]);
    expect(
      await names({
        since: '2026-11-29T12:00:00Z',
        until: new Date().toISOString(),
        action: 'instance-started',
      }),
    ).toEqual(['instance-started c10', 'instance-started c1']);
    expect(await names({ until: '2000-01-01T00:00:00Z' })).toEqual([]);
  });

  it('pages with before, and tails with after', async () => {
    const list = Array.from({ length: 5 }, (_, i) =>
      lifecycle('instance-started', `/1.0/instances/p${String(i)}`),
    );
    await insertEntries(db, list);
    const first = await queryEntries(db, { limit: 2 });
    expect(first.entries.map((e) => e.name)).toEqual(['p4', 'p3']);
    expect(first.more).toBe(true);
    const second = await queryEntries(db, { limit: 2, before: first.entries[1]?.id ?? '' });
    expect(second.entries.map((e) => e.name)).toEqual(['p2', 'p1']);
    const last = await queryEntries(db, { limit: 2, before: second.entries[1]?.id ?? '' });
    expect(last.entries.map((e) => e.name)).toEqual(['p0']);
    expect(last.more).toBe(false);
    await insertEntries(db, [lifecycle('instance-stopped', '/1.0/instances/p9')]);
    const tail = await queryEntries(db, { after: first.entries[0]?.id ?? '' });
    expect(tail.entries.map((e) => e.name)).toEqual(['p9']);
  });

  it("shows a user only their projects' entries, and every gap of a remote they see", async () => {
    await insertEntries(db, [
      lifecycle('instance-started', '/1.0/instances/a', { project: 'team-a' }),
      lifecycle('instance-started', '/1.0/instances/b', { project: 'team-b' }),
      gapEntry('local', '2026-11-29T11:00:00.000Z', '2026-11-29T11:00:20.000Z', ''),
      gapEntry('other', '2026-11-29T11:00:00.000Z', '2026-11-29T11:00:20.000Z', ''),
    ]);
    const visible = new Map([['local', new Set(['team-a'])]]);
    const { entries } = await queryEntries(db, {}, visible);
    expect(entries.map((e) => `${e.remote} ${e.kind} ${e.name}`)).toEqual([
      'local lifecycle a',
      'local gap ',
    ]);
    expect(entries[1]?.message).toBe(
      gapMessage('2026-11-29T11:00:00.000Z', '2026-11-29T11:00:20.000Z'),
    );
    expect((await queryEntries(db, {}, new Map())).entries).toEqual([]);
  });

  it('removes entries beyond the retention age and count', async () => {
    const now = new Date('2026-11-29T12:00:00Z');
    await insertEntries(db, [
      lifecycle('instance-started', '/1.0/instances/old', { time: '2026-10-01T00:00:00Z' }),
      lifecycle('instance-started', '/1.0/instances/n1', { time: '2026-11-29T10:00:00Z' }),
      lifecycle('instance-started', '/1.0/instances/n2', { time: '2026-11-29T10:01:00Z' }),
      lifecycle('instance-started', '/1.0/instances/n3', { time: '2026-11-29T10:02:00Z' }),
    ]);
    expect(await applyRetention(db, { maxAgeDays: 30, maxRows: 2 }, now)).toBe(2);
    const { entries } = await queryEntries(db, {});
    expect(entries.map((e) => e.name)).toEqual(['n3', 'n2']);
  });

  it('keeps entries in the spool while the database is gone, writes them when it is back', async () => {
    const dir = mkdtempSync(path.join(databases.tmp, 'spool-'));
    let reachable = false;
    const journal = openJournal({
      store: { kind: 'embedded', dir },
      stateDir: dir,
      flushMs: 20,
      retryMs: 20,
      openDb: () =>
        reachable
          ? Promise.resolve({ ...db, close: () => Promise.resolve() })
          : Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:5432')),
    });
    journal.add(lifecycle('instance-started', '/1.0/instances/kept'));
    await journal.flush();
    expect(journal.status()).toEqual({ state: 'behind', pending: 1, message: JOURNAL_BEHIND });
    expect(readFileSync(path.join(dir, SPOOL_FILE), 'utf8')).toContain('"name":"kept"');
    reachable = true;
    await journal.flush();
    expect(journal.status()).toEqual({ state: 'ok', pending: 0, message: '' });
    expect(readFileSync(path.join(dir, SPOOL_FILE), 'utf8')).toBe('');
    expect((await queryEntries(db, {})).entries.map((e) => e.name)).toEqual(['kept']);
    await journal.close();
  });

  it('writes what a crashed console server left in its spool', async () => {
    const dir = mkdtempSync(path.join(databases.tmp, 'crash-'));
    const down = openJournal({
      store: { kind: 'embedded', dir },
      stateDir: dir,
      openDb: () => Promise.reject(new Error('down')),
    });
    down.add(lifecycle('instance-started', '/1.0/instances/before-crash'));
    await down.flush();
    await down.close();
    // A new process: the spool is read at start and written.
    const next = openJournal({
      store: { kind: 'embedded', dir },
      stateDir: dir,
      openDb: () => Promise.resolve({ ...db, close: () => Promise.resolve() }),
    });
    await next.flush();
    expect((await queryEntries(db, {})).entries.map((e) => e.name)).toEqual(['before-crash']);
    await next.close();
  });

  it('records a gap when the spool is full, never drops silently', async () => {
    const dir = mkdtempSync(path.join(databases.tmp, 'full-'));
    let reachable = false;
    const journal = openJournal({
      store: { kind: 'embedded', dir },
      stateDir: dir,
      spoolLimit: 2,
      openDb: () =>
        reachable
          ? Promise.resolve({ ...db, close: () => Promise.resolve() })
          : Promise.reject(new Error('down')),
    });
    for (const name of ['f1', 'f2', 'f3', 'f4'])
      journal.add(lifecycle('instance-started', `/1.0/instances/${name}`));
    await journal.flush();
    reachable = true;
    await journal.flush();
    const { entries } = await queryEntries(db, {});
    expect(entries.map((e) => `${e.kind} ${e.name}`).sort()).toEqual([
      'gap ',
      'lifecycle f1',
      'lifecycle f2',
    ]);
    const gap = entries.find((e) => e.kind === 'gap');
    expect(gap?.message).toMatch(
      /^events may be missing between .+ and .+ \(the journal could not keep them all\)$/,
    );
    await journal.close();
    expect(existsSync(path.join(dir, SPOOL_FILE))).toBe(true);
  });

  it('answers pages as JSON and exports CSV, a bad filter naming its field', async () => {
    await insertEntries(db, [
      lifecycle('instance-started', '/1.0/instances/x1'),
      lifecycle('instance-deleted', '/1.0/instances/x"2'),
    ]);
    const journal = openJournal({
      store: { kind: 'embedded', dir: databases.tmp },
      stateDir: mkdtempSync(path.join(databases.tmp, 'http-')),
      openDb: () => Promise.resolve({ ...db, close: () => Promise.resolve() }),
    });
    const handler = createActivityHandler({ journal, proxies: new Map(), perUser: false });
    const call = async (url: string, exportFile = false) => {
      const chunks: string[] = [];
      let status = 0;
      let headers: Record<string, unknown> = {};
      const res = {
        headersSent: false,
        setHeader: () => undefined,
        writeHead(code: number, h: Record<string, unknown>) {
          status = code;
          headers = h;
          this.headersSent = true;
          return this;
        },
        write(chunk: string) {
          chunks.push(chunk);
          return true;
        },
        end(chunk?: string) {
          if (chunk) chunks.push(chunk);
        },
        destroy: () => undefined,
      };
      await handler({ method: 'GET', url } as never, res as never, exportFile);
      return { status, headers, body: chunks.join('') };
    };
    const page = await call('/console/activity?type=instance&limit=1');
    expect(page.status).toBe(200);
    expect(JSON.parse(page.body)).toMatchObject({
      entries: [{ name: 'x"2' }],
      more: true,
      journal: { state: 'ok' },
    });
    const bad = await call('/console/activity?since=yesterday');
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body)).toEqual({
      type: 'error',
      error: 'From must be a date and time, such as 2026-11-29T14:00:00Z',
      error_code: 400,
      metadata: { field: 'since' },
    });
    const csv = await call('/console/activity/export?format=csv', true);
    expect(csv.headers['Content-Type']).toBe('text/csv; charset=utf-8');
    const lines = csv.body.split('\r\n');
    expect(lines[0]).toBe(CSV_COLUMNS.join(','));
    expect(lines[1]).toContain(
      ',instance-deleted,success,instance,"/1.0/instances/x""2","x""2",local,default,',
    );
    const jsonl = await call('/console/activity/export?format=jsonl', true);
    expect(
      jsonl.body
        .trim()
        .split('\n')
        .map((l) => (JSON.parse(l) as { name: string }).name),
    ).toEqual(['x"2', 'x1']);
    await journal.close();
  });
});

describe('entries of events', () => {
  it('reads a lifecycle event of LXD 5.0 (project from the event, name from the path)', () => {
    const entry = entryOfEvent('local', {
      type: 'lifecycle',
      timestamp: '2026-11-29T14:27:04.233Z',
      project: 'web',
      metadata: {
        action: 'storage-volume-created',
        source: '/1.0/storage-pools/default/volumes/custom/data?project=web',
        requestor: { username: 'f00', protocol: 'tls', address: '127.0.0.1:1' },
      },
    });
    expect(entry).toMatchObject({
      project: 'web',
      resourceType: 'storage-volume',
      resourcePath: '/1.0/storage-pools/default/volumes/custom/data',
      name: 'default/custom/data',
      user: 'f00',
    });
  });

  it('keeps failed operations with their error, and no other operation or logging event', () => {
    const failed = entryOfEvent('local', {
      type: 'operation',
      timestamp: '2026-11-29T14:27:04.233Z',
      project: 'default',
      metadata: {
        status: 'Failure',
        description: 'Starting instance',
        err: 'Failed to run: forkstart',
        resources: { instances: ['/1.0/instances/c1'] },
      },
    });
    expect(failed).toMatchObject({
      kind: 'operation',
      outcome: 'failure',
      action: 'Starting instance failed',
      resourceType: 'instance',
      name: 'c1',
      message: 'Failed to run: forkstart',
    });
    expect(
      entryOfEvent('local', { type: 'operation', metadata: { status: 'Success' } }),
    ).toBeNull();
    expect(entryOfEvent('local', { type: 'logging', metadata: { message: 'x' } })).toBeNull();
  });

  it('writes CSV cells with quotes where needed', () => {
    const line = csvLine({
      id: '1',
      ...lifecycle('profile-updated', '/1.0/profiles/a,b'),
      consoleUser: 'dana',
    });
    expect(line).toContain(',dana,profile-updated,success,profile,"/1.0/profiles/a,b","a,b",');
  });
});

describe('console calls', () => {
  it("names the console user of a change made through the console, not another identity's", () => {
    let now = 1_000_000;
    const calls = createConsoleCalls(
      (_remote, entry) => entry.user === 'console-fp',
      () => now,
    );
    calls.record({
      user: 'dana',
      remote: 'local',
      method: 'POST',
      path: '/1.0/instances?project=web',
    });
    const made = lifecycle('instance-created', '/1.0/instances/n1?project=web', {
      user: 'console-fp',
      project: 'web',
    });
    expect(calls.attribute(made)).toMatchObject({ viaConsole: true, consoleUser: 'dana' });
    const other = lifecycle('instance-created', '/1.0/instances/n1?project=web', {
      user: 'someone-else',
      project: 'web',
    });
    expect(calls.attribute(other)).toMatchObject({ viaConsole: false, consoleUser: null });
    // Another project, or past the window: not that call.
    const elsewhere = lifecycle('instance-created', '/1.0/instances/n1', { user: 'console-fp' });
    expect(calls.attribute(elsewhere).viaConsole).toBe(false);
    now += 11 * 60_000;
    expect(calls.attribute(made).viaConsole).toBe(false);
  });
});
