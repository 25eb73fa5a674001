import { existsSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { lxdProfiles } from './lxd';
import {
  type PostgresServer,
  defaultPostgresPort,
  postgresDir,
  postgresPorts,
  startPostgres,
  wipePostgres,
} from './postgres';
import { pidAlive } from './proc';

/** Resolves with the connection's outcome: 'open', or the error code (ECONNREFUSED). */
function tryConnect(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve('open');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

describe('postgresPorts', () => {
  it('are distinct and clear of the LXDs and the e2e console servers (18500..18503)', () => {
    const ports = Object.values(postgresPorts);
    const taken = new Set([
      ...Object.values(lxdProfiles).map((p) => Number(p.addr.split(':')[1])),
      18500,
      18501,
      18502,
      18503,
    ]);
    expect(new Set(ports).size).toBe(ports.length);
    for (const port of ports) expect(taken.has(port)).toBe(false);
    expect(defaultPostgresPort('journal-a')).toBeGreaterThanOrEqual(18540);
    expect(defaultPostgresPort('journal-a')).toBeLessThan(18590);
  });
});

describe('startPostgres (a real server)', () => {
  let server: PostgresServer | undefined;

  afterAll(async () => {
    await (server ? server.wipe() : wipePostgres('pgtest'));
  }, 30_000);

  it('keeps committed rows across stop() and start(), and wipe() removes it all', async () => {
    const started = Date.now();
    server = await startPostgres('pgtest', { fresh: true });
    const startMs = Date.now() - started;
    expect(server.url).toBe(`postgres://postgres@127.0.0.1:${postgresPorts.pgtest}/pgtest`);
    expect(server.dir).toBe(postgresDir('pgtest'));
    const firstPid = server.pid;
    expect(pidAlive(firstPid)).toBe(true);

    await withClient(server.url, async (client) => {
      const db = await client.query<{ db: string }>('select current_database() as db');
      expect(db.rows[0]?.db).toBe('pgtest');
      await client.query('create table journal (id serial primary key, what text not null)');
      await client.query("insert into journal (what) values ('instance c1 started')");
    });

    await server.stop();
    expect(pidAlive(firstPid)).toBe(false);
    expect(server.pid).toBe(0);
    expect(await tryConnect(server.port)).toBe('ECONNREFUSED');

    const restarted = Date.now();
    await server.start();
    const restartMs = Date.now() - restarted;
    expect(server.pid).not.toBe(firstPid);
    const rows = await withClient(server.url, async (client) => {
      const result = await client.query<{ what: string }>('select what from journal');
      return result.rows.map((row) => row.what);
    });
    expect(rows).toEqual(['instance c1 started']);
    console.info(`postgres pgtest: initdb + start ${startMs} ms, start again ${restartMs} ms`);

    // A server left running by an earlier run is stopped, and its directory reused.
    const stalePid = server.pid;
    server = await startPostgres('pgtest');
    expect(pidAlive(stalePid)).toBe(false);
    const count = await withClient(server.url, (client) =>
      client.query<{ n: string }>('select count(*) as n from journal'),
    );
    expect(count.rows[0]?.n).toBe('1');

    const lastPid = server.pid;
    await server.wipe();
    expect(pidAlive(lastPid)).toBe(false);
    expect(existsSync(server.dir)).toBe(false);
    expect(existsSync(path.dirname(server.dir))).toBe(true);
    expect(await tryConnect(server.port)).toBe('ECONNREFUSED');
  });
});
