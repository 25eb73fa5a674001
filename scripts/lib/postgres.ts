/**
 * Local PostgreSQL servers for tests and development (the activity journal's store, issue #33).
 *
 * Each named server is Debian's `postgres` (the newest /usr/lib/postgresql/N, installed on
 * demand) on a data directory of its own, `${LXD_CONSOLE_STATE_ROOT:-/var/lib/lxd-console}/
 * postgres/<name>/`: `data/` (PGDATA), `run/` (its unix socket), `postgres.log`, `postgres.pid`,
 * `url`, and `owner` (the process that started it). It listens on 127.0.0.1 only, trusts every
 * local connection, and has a database named after the server. Debian's own cluster (`main`,
 * port 5432) is neither used nor touched. As root, initdb and postgres run as the `postgres`
 * system user (PostgreSQL refuses root).
 *
 * A server started by a process dies with it (SIGINT, PostgreSQL's fast shutdown, as that
 * process's parent-death signal), unless started with `keepRunning` (the CLI,
 * scripts/postgres-cli.ts).
 */
import { spawn } from 'node:child_process';
import {
  closeSync,
  existsSync,
  fstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  readSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { stateRoot } from './lxd.ts';
import {
  PG_ROOT,
  POSTGRES_USER,
  PostgresError,
  asServerUser,
  ensurePostgresInstalled,
  initdb,
  lastLines,
  serverEnv,
} from './postgres-setup.ts';
import { killPid, pidAlive, processArgs, sleep, startTime } from './proc.ts';

export { POSTGRES_USER, PostgresError, ensurePostgresInstalled };

export type PostgresServer = {
  /** `postgres://postgres@127.0.0.1:PORT/NAME` */
  url: string;
  port: number;
  /** The server's directory (`data/` is PGDATA). */
  dir: string;
  /** The running postmaster's pid (0 when stopped). */
  readonly pid: number;
  /** Fast shutdown (SIGINT, SIGKILL after 10 s); resolves when the pid has ended. */
  stop(): Promise<void>;
  /** Starts it again on the same data directory and port; a no-op when it runs. */
  start(): Promise<void>;
  /** stop() and delete the directory. */
  wipe(): Promise<void>;
};

export type PostgresOptions = {
  /** Default: the port recorded in the directory, else postgresPorts[name], else 18540..18589. */
  port?: number;
  /** Delete an existing directory first (default: reuse it). */
  fresh?: boolean;
  /** Leave the server running when this process ends (default: it gets SIGINT then). */
  keepRunning?: boolean;
};

/**
 * Fixed ports of the named servers, clear of the LXDs (18443..18449) and the e2e console servers
 * (18500..18503). Other names get 18540 + a hash of the name modulo 50.
 */
export const postgresPorts = {
  /** by hand, `npm run postgres:start` */
  dev: 18532,
  /** the e2e run */
  e2e: 18533,
  /** benchmarks */
  bench: 18534,
  /** scripts/lib/postgres.test.ts */
  pgtest: 18535,
} as const satisfies Record<string, number>;

const READY_TIMEOUT_MS = 30_000;
const STOP_GRACE_MS = 10_000;

function checkName(name: string): void {
  if (!/^[a-z][a-z0-9_-]{0,31}$/.test(name)) {
    throw new PostgresError(
      `invalid PostgreSQL name '${name}' (lowercase letters, digits, - and _)`,
    );
  }
}

export function defaultPostgresPort(name: string): number {
  if (Object.hasOwn(postgresPorts, name)) return postgresPorts[name as keyof typeof postgresPorts];
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) % 1_000_003;
  return 18540 + (hash % 50);
}

export function postgresDir(name: string): string {
  checkName(name);
  return path.join(path.resolve(stateRoot()), 'postgres', name);
}

function readText(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    return undefined;
  }
}

/** The last lines of the server's log (its last 8 KiB). */
function logTail(logFile: string, lines = 8): string {
  try {
    const fd = openSync(logFile, 'r');
    try {
      const buffer = Buffer.alloc(8192);
      const from = Math.max(0, fstatSync(fd).size - buffer.length);
      const size = readSync(fd, buffer, 0, buffer.length, from);
      return lastLines(buffer.subarray(0, size).toString('utf8'), lines);
    } finally {
      closeSync(fd);
    }
  } catch {
    return '';
  }
}

/** Is `pid` a postmaster on this data directory? */
function isServerOf(pid: number, dataDir: string): boolean {
  if (!pidAlive(pid)) return false;
  const argv = processArgs(pid) ?? [];
  const at = argv.indexOf('-D');
  return path.basename(argv[0] ?? '') === 'postgres' && at >= 0 && argv[at + 1] === dataDir;
}

/** The live postmaster of the directory, from our pid file or PostgreSQL's own; 0 if none. */
function runningPid(dir: string): number {
  const dataDir = path.join(dir, 'data');
  const candidates = [
    Number(readText(path.join(dir, 'postgres.pid'))),
    Number(readText(path.join(dataDir, 'postmaster.pid'))?.split('\n')[0]),
  ];
  return candidates.find((pid) => isServerOf(pid, dataDir)) ?? 0;
}

/** Stops whatever postmaster runs on the directory (by its recorded pid). */
async function stopDir(dir: string): Promise<void> {
  for (let pid = runningPid(dir); pid; pid = runningPid(dir)) {
    await killPid(pid, 'SIGINT', STOP_GRACE_MS);
    if (pidAlive(pid)) throw new PostgresError(`postgres pid ${pid} (${dir}) does not end`);
  }
  rmSync(path.join(dir, 'postgres.pid'), { force: true });
  // Left behind by a SIGKILL; PostgreSQL would refuse to start should its pid be reused.
  rmSync(path.join(dir, 'data', 'postmaster.pid'), { force: true });
}

/** The live process (other than us) recorded as the server's owner, if any. */
function liveOwner(dir: string): number | undefined {
  const [pid, started] = (readText(path.join(dir, 'owner')) ?? '').split(' ');
  const owner = Number(pid);
  if (!owner || owner === process.pid || !pidAlive(owner)) return undefined;
  return startTime(owner) === started ? owner : undefined;
}

/** One connection attempt; resolves with the server's data_directory. */
async function probe(port: number, database = 'postgres'): Promise<string> {
  const client = new pg.Client({
    host: '127.0.0.1',
    port,
    user: POSTGRES_USER,
    database,
    connectionTimeoutMillis: 2_000,
  });
  try {
    await client.connect();
    const result = await client.query<{ dir: string }>(
      "select current_setting('data_directory') as dir",
    );
    return result.rows[0]?.dir ?? '';
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function createDatabase(port: number, name: string): Promise<void> {
  const client = new pg.Client({
    host: '127.0.0.1',
    port,
    user: POSTGRES_USER,
    database: 'postgres',
  });
  try {
    await client.connect();
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0)
      await client.query(`create database ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * A handle on the named server's directory; nothing is started or stopped. Its `start()` needs
 * an initialized directory (see startPostgres). For the CLI and for a process other than the one
 * that started the server.
 */
export function postgresServer(
  name: string,
  opts: Pick<PostgresOptions, 'port' | 'keepRunning'> = {},
): PostgresServer {
  const dir = postgresDir(name);
  const dataDir = path.join(dir, 'data');
  const logFile = path.join(dir, 'postgres.log');
  const recorded = Number(/:(\d+)\//.exec(readText(path.join(dir, 'url')) ?? '')?.[1]);
  const port = opts.port ?? (recorded || defaultPostgresPort(name));
  if (!Number.isInteger(port) || port < 1024 || port > 65535) {
    throw new PostgresError(`invalid port ${port} for PostgreSQL '${name}'`);
  }
  const url = `postgres://${POSTGRES_USER}@127.0.0.1:${port}/${name}`;

  const start = async (): Promise<void> => {
    if (runningPid(dir)) return;
    const major = Number(readText(path.join(dir, 'initdb.done')));
    const version = readText(path.join(dataDir, 'PG_VERSION'));
    if (!major || !version) {
      throw new PostgresError(
        `${dir} is not an initialized PostgreSQL directory: use startPostgres`,
      );
    }
    const bin = path.join(PG_ROOT, version, 'bin', 'postgres');
    if (!existsSync(bin)) {
      throw new PostgresError(
        `${dataDir} is PostgreSQL ${version}, which is not installed: wipe it (scripts/postgres-cli.ts wipe ${name}) or start it with fresh`,
      );
    }
    rmSync(path.join(dataDir, 'postmaster.pid'), { force: true });
    const [cmd, args] = asServerUser(bin, ['-D', dataDir, '-p', String(port)], !opts.keepRunning);
    const logFd = openSync(logFile, 'a');
    const child = spawn(cmd, args, {
      detached: true,
      stdio: ['ignore', logFd, logFd],
      env: serverEnv(),
    });
    closeSync(logFd);
    let exited: string | undefined;
    child.on('exit', (code, signal) => (exited = signal ?? `status ${String(code)}`));
    const spawned = await new Promise<number>((resolve, reject) => {
      child.once('spawn', () => resolve(child.pid ?? 0));
      child.once('error', (error) =>
        reject(new PostgresError(`cannot run ${cmd}: ${error.message}`)),
      );
    });
    child.on('error', () => undefined); // after the spawn, only a failed kill(), which we never call
    child.unref();
    writeFileSync(path.join(dir, 'postgres.pid'), `${spawned}\n`);
    if (opts.keepRunning) rmSync(path.join(dir, 'owner'), { force: true });
    else writeFileSync(path.join(dir, 'owner'), `${process.pid} ${startTime(process.pid) ?? ''}\n`);
    const deadline = Date.now() + READY_TIMEOUT_MS;
    let lastError = '';
    for (;;) {
      if (exited !== undefined) {
        throw new PostgresError(
          `postgres '${name}' exited (${exited}) while starting; ${logFile}:\n${logTail(logFile)}`,
        );
      }
      try {
        const served = await probe(port);
        if (served === dataDir) break;
        lastError = `port ${port} is served by another PostgreSQL (${served})`;
      } catch (error) {
        lastError = error instanceof Error ? error.message : String(error);
      }
      if (Date.now() > deadline) {
        await killPid(spawned, 'SIGINT', STOP_GRACE_MS);
        throw new PostgresError(
          `postgres '${name}' did not accept connections on 127.0.0.1:${port} within ${READY_TIMEOUT_MS / 1000} s (${lastError}); ${logFile}:\n${logTail(logFile)}`,
        );
      }
      await sleep(100);
    }
  };

  const stop = (): Promise<void> => stopDir(dir);

  return {
    url,
    port,
    dir,
    get pid() {
      return runningPid(dir);
    },
    start,
    stop,
    async wipe() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Starts the named server (installing PostgreSQL and running initdb as needed) and waits until
 * it accepts connections; creates the database `name`. A server still running on the directory
 * from an earlier run is stopped first; one whose starting process still runs is refused.
 */
export async function startPostgres(
  name: string,
  opts: PostgresOptions = {},
): Promise<PostgresServer> {
  const dir = postgresDir(name);
  const major = await ensurePostgresInstalled();
  mkdirSync(path.dirname(dir), { recursive: true, mode: 0o711 });
  const owner = liveOwner(dir);
  if (owner !== undefined) {
    throw new PostgresError(
      `PostgreSQL '${name}' belongs to process ${owner} (${(processArgs(owner) ?? []).join(' ')}), which still runs`,
    );
  }
  await stopDir(dir);
  const reuse = !opts.fresh && existsSync(path.join(dir, 'initdb.done'));
  if (!reuse) await initdb(dir, major);
  const server = postgresServer(name, opts);
  await server.start();
  await createDatabase(server.port, name);
  writeFileSync(path.join(dir, 'url'), `${server.url}\n`);
  return server;
}

/** Stops the named server if it runs (by its recorded pid); its directory stays. */
export async function stopPostgres(name: string): Promise<void> {
  await stopDir(postgresDir(name));
}

/** Stops the named server and deletes its directory. */
export async function wipePostgres(name: string): Promise<void> {
  const dir = postgresDir(name);
  await stopDir(dir);
  rmSync(dir, { recursive: true, force: true });
}
