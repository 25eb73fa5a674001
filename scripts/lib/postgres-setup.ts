/**
 * The setup half of scripts/lib/postgres.ts: Debian's PostgreSQL packages (installed on demand,
 * under the shared apt lock of scripts/lxd/setup.sh and scripts/cluster/common.sh) and initdb of
 * a server's directory.
 */
import { execFile } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { stateRoot } from './lxd.ts';

/** An expected failure, with a message fit to print (the server log's tail on its own lines). */
export class PostgresError extends Error {
  override name = 'PostgresError';
}

export const PG_ROOT = '/usr/lib/postgresql';
/** The database superuser (trusted: no password). */
export const POSTGRES_USER = 'postgres';
/** The system user the server runs as when we are root (created by Debian's package). */
const SERVER_USER = 'postgres';

export const isRoot = (): boolean => process.getuid?.() === 0;

/** Installed PostgreSQL majors, newest first, that have a server binary. */
function installedMajors(): number[] {
  let entries: string[];
  try {
    entries = readdirSync(PG_ROOT);
  } catch {
    return [];
  }
  return entries
    .filter(
      (entry) => /^\d+$/.test(entry) && existsSync(path.join(PG_ROOT, entry, 'bin', 'postgres')),
    )
    .map(Number)
    .sort((a, b) => b - a);
}

export function run(
  cmd: string,
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ ok: boolean; output: string }> {
  return new Promise((resolve) => {
    execFile(cmd, args, { env, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      resolve({ ok: !error, output: `${stdout}${stderr}`.trim() || (error?.message ?? '') });
    });
  });
}

export const lastLines = (text: string, n: number): string =>
  text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .slice(-n)
    .join('\n');

// One apt at a time on this machine: the same lock file and apt-get flags as scripts/lxd/setup.sh.
const INSTALL_SCRIPT = `set -euo pipefail
mkdir -p "$STATE_ROOT/postgres"
exec 8>"$STATE_ROOT/apt.lock"
flock -w 900 8 || { echo "timed out waiting for $STATE_ROOT/apt.lock (another apt-get of ours)"; exit 1; }
compgen -G '${PG_ROOT}/*/bin/postgres' >/dev/null && exit 0
export DEBIAN_FRONTEND=noninteractive
apt=(apt-get -y -q -o DPkg::Lock::Timeout=300 --no-install-recommends)
if ! "\${apt[@]}" install postgresql >"$APT_LOG" 2>&1; then
  apt-get -q -o DPkg::Lock::Timeout=300 update >>"$APT_LOG" 2>&1 || true
  if ! "\${apt[@]}" install postgresql >>"$APT_LOG" 2>&1; then
    echo "apt-get install postgresql failed: $(grep -v '^\\s*$' "$APT_LOG" | tail -n 1) (see $APT_LOG)"
    exit 1
  fi
fi`;

/**
 * Installs Debian's `postgresql` package unless a /usr/lib/postgresql/N/bin/postgres exists;
 * resolves with the newest major. The package's post-install creates Debian's cluster `main`
 * (and starts it where systemd runs); we leave it alone.
 */
export async function ensurePostgresInstalled(): Promise<number> {
  const newest = installedMajors()[0];
  if (newest !== undefined) return newest;
  if (!isRoot()) {
    throw new PostgresError(
      `PostgreSQL is not installed (no ${PG_ROOT}/*/bin/postgres): run as root, or apt-get install postgresql`,
    );
  }
  const root = path.resolve(stateRoot());
  const aptLog = path.join(root, 'postgres', 'apt.log');
  process.stderr.write(
    `postgres: installing Debian's postgresql package (apt-get, log ${aptLog})\n`,
  );
  const result = await run('bash', ['-c', INSTALL_SCRIPT], {
    ...process.env,
    STATE_ROOT: root,
    APT_LOG: aptLog,
  });
  if (!result.ok) throw new PostgresError(lastLines(result.output, 1) || 'apt-get failed');
  const installed = installedMajors()[0];
  if (installed === undefined) {
    throw new PostgresError(
      `apt-get installed postgresql but ${PG_ROOT}/*/bin/postgres is missing`,
    );
  }
  return installed;
}

/** The command line running `bin` as the server's user: `postgres` as root, else ourselves. */
export function asServerUser(bin: string, args: string[], dieWithUs: boolean): [string, string[]] {
  const death = dieWithUs ? ['--pdeathsig', 'INT'] : [];
  if (isRoot()) {
    const user = [`--reuid=${SERVER_USER}`, `--regid=${SERVER_USER}`, '--init-groups'];
    return ['setpriv', [...user, ...death, '--', bin, ...args]];
  }
  return dieWithUs ? ['setpriv', [...death, '--', bin, ...args]] : [bin, args];
}

/** Our environment without the PG* variables, which would redirect initdb and the clients. */
export function serverEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('PG')));
}

/** A new directory (run/ and an initdb'd data/, configured) in place of whatever was at `dir`. */
export async function initdb(dir: string, major: number): Promise<void> {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(path.join(dir, 'run'), { recursive: true, mode: 0o700 });
  if (isRoot()) {
    const chown = await run('chown', ['-R', `${SERVER_USER}:`, dir]);
    if (!chown.ok) throw new PostgresError(`chown ${SERVER_USER} ${dir}: ${chown.output}`);
  }
  const dataDir = path.join(dir, 'data');
  const [cmd, args] = asServerUser(
    path.join(PG_ROOT, String(major), 'bin', 'initdb'),
    ['-D', dataDir, '-U', POSTGRES_USER, '-A', 'trust', '-E', 'UTF8', '--locale=C.UTF-8'],
    false,
  );
  const result = await run(cmd, args, serverEnv());
  if (!result.ok) {
    const hint = /permission denied/i.test(result.output)
      ? ` (the ${SERVER_USER} user must be able to reach ${dir}: check the modes of its parents)`
      : '';
    throw new PostgresError(`initdb ${dataDir} failed${hint}:\n${lastLines(result.output, 5)}`);
  }
  const socketPath = path.join(dir, 'run', '.s.PGSQL.65535');
  // Trust, but on 127.0.0.1 and on the socket in run/ (mode 0700) only.
  writeFileSync(
    path.join(dataDir, 'pg_hba.conf'),
    '# scripts/lib/postgres.ts\nlocal all all trust\nhost all all 127.0.0.1/32 trust\n',
  );
  appendFileSync(
    path.join(dataDir, 'postgresql.conf'),
    [
      '',
      '# scripts/lib/postgres.ts (the port is given on the command line)',
      `cluster_name = 'lxd-console-${path.basename(dir)}'`,
      "listen_addresses = '127.0.0.1'",
      // A socket path is at most 107 bytes: none at all under a deep state root.
      `unix_socket_directories = '${socketPath.length <= 107 ? path.join(dir, 'run') : ''}'`,
      'fsync = on',
      'shared_buffers = 16MB',
      "log_line_prefix = '%m [%p] '",
      '',
    ].join('\n'),
  );
  writeFileSync(path.join(dir, 'initdb.done'), `${major}\n`);
}
