/**
 * A console server in remote mode for e2e tests, on an address of this machine that the test
 * makes itself: a veth pair whose far end is in a network namespace of its own (`lxcr-…`), with
 * 10.204.0.x addresses (never an address outside this machine). Certificates are made with
 * openssl: a CA and the client certificates it signs, a self-signed untrusted one, and the
 * console's own HTTPS certificate. The server is `tsx server/main.ts` as a child process.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LxdApi } from './lxd-api';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

function run(command: string, args: string[]): string {
  return execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

function quietly(command: string, args: string[]): void {
  try {
    run(command, args);
  } catch {
    // Already gone.
  }
}

export interface RemoteNet {
  /** The network namespace holding the far end. */
  namespace: string;
  /** The address on this machine's end of the pair: the console server listens on it. */
  address: string;
  /** The address of the far end, in the namespace. */
  peerAddress: string;
  remove: () => void;
}

/** A veth pair into a new network namespace, on a free /30 of 10.204.0.0/24. */
export function createRemoteNet(): RemoteNet {
  const id = Math.random().toString(36).slice(2, 7);
  const namespace = `lxcr-${id}`;
  const hostIf = `lxcr-h${id}`;
  const peerIf = `lxcr-n${id}`;
  const used = run('ip', ['-4', '-o', 'addr', 'show']);
  const free = Array.from({ length: 63 }, (_, i) => i).filter(
    (block) => !used.includes(`10.204.0.${block * 4 + 1}/`),
  );
  const block = free[Math.floor(Math.random() * free.length)];
  if (block === undefined) throw new Error('no free /30 left in 10.204.0.0/24');
  const address = `10.204.0.${block * 4 + 1}`;
  const peerAddress = `10.204.0.${block * 4 + 2}`;
  const remove = () => {
    quietly('ip', ['link', 'del', hostIf]);
    quietly('ip', ['netns', 'del', namespace]);
  };
  try {
    run('ip', ['netns', 'add', namespace]);
    run('ip', ['link', 'add', hostIf, 'type', 'veth', 'peer', 'name', peerIf]);
    run('ip', ['link', 'set', peerIf, 'netns', namespace]);
    quietly('sysctl', ['-q', '-w', `net.ipv6.conf.${hostIf}.disable_ipv6=1`]);
    run('ip', ['addr', 'add', `${address}/30`, 'dev', hostIf]);
    run('ip', ['link', 'set', hostIf, 'up']);
    run('ip', ['-n', namespace, 'link', 'set', 'lo', 'up']);
    run('ip', ['-n', namespace, 'addr', 'add', `${peerAddress}/30`, 'dev', peerIf]);
    run('ip', ['-n', namespace, 'link', 'set', peerIf, 'up']);
  } catch (error) {
    remove();
    throw error;
  }
  return { namespace, address, peerAddress, remove };
}

export interface CertPair {
  cert: string;
  key: string;
}

/** Certificates for the remote tests, in a temporary directory. */
export class Certificates {
  readonly dir = mkdtempSync(path.join(os.tmpdir(), 'lxcr-certs-'));
  readonly ca: CertPair;

  constructor() {
    this.ca = this.files('ca');
    run('openssl', [
      'req',
      '-x509',
      ...this.keyArgs(this.ca.key),
      '-out',
      this.ca.cert,
      '-days',
      '1',
      '-subj',
      '/CN=lxcr test CA',
      '-addext',
      'basicConstraints=critical,CA:TRUE',
      '-addext',
      'keyUsage=critical,keyCertSign,cRLSign',
    ]);
  }

  private files(name: string): CertPair {
    return { cert: path.join(this.dir, `${name}.crt`), key: path.join(this.dir, `${name}.key`) };
  }

  private keyArgs(key: string): string[] {
    return ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', key];
  }

  /** A self-signed certificate (an untrusted browser certificate, or an LXD client one). */
  selfSigned(
    name: string,
    commonName: string,
    extensions: string[] = ['extendedKeyUsage=clientAuth'],
  ): CertPair {
    const pair = this.files(name);
    run('openssl', [
      'req',
      '-x509',
      ...this.keyArgs(pair.key),
      '-out',
      pair.cert,
      '-days',
      '1',
      '-subj',
      `/CN=${commonName}`,
      ...extensions.flatMap((extension) => ['-addext', extension]),
    ]);
    return pair;
  }

  /** The console's own HTTPS certificate for an IP address. */
  server(address: string): CertPair {
    const pair = this.selfSigned('server', address, [
      `subjectAltName=IP:${address}`,
      'extendedKeyUsage=serverAuth',
    ]);
    // openssl writes keys 0600; the console server refuses a --tls-key group or others may read.
    chmodSync(pair.key, 0o600);
    return pair;
  }

  /** A client certificate for `user` (its CN), signed by the CA. */
  signed(user: string): CertPair {
    const pair = this.files(`client-${user}`);
    const csr = path.join(this.dir, `${user}.csr`);
    const extensions = path.join(this.dir, `${user}.ext`);
    writeFileSync(extensions, 'extendedKeyUsage=clientAuth\nbasicConstraints=CA:FALSE\n');
    run('openssl', ['req', '-new', ...this.keyArgs(pair.key), '-out', csr, '-subj', `/CN=${user}`]);
    run('openssl', [
      'x509',
      '-req',
      '-in',
      csr,
      '-CA',
      this.ca.cert,
      '-CAkey',
      this.ca.key,
      '-CAcreateserial',
      '-days',
      '1',
      '-extfile',
      extensions,
      '-out',
      pair.cert,
    ]);
    return pair;
  }

  remove(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}

export interface RemoteConsole {
  /** e.g. https://10.204.0.1:40123 */
  origin: string;
  /** Everything the server printed (stdout and stderr). */
  output: () => string;
  stop: () => Promise<void>;
  /** Kills it at once (SIGKILL: a crash), and waits for it to be gone. */
  kill: () => Promise<void>;
}

/** Starts `tsx server/main.ts` with the given flags; resolves once it prints its URL. */
export async function startRemoteConsole(
  args: string[],
  timeoutMs = 30_000,
): Promise<RemoteConsole> {
  const child: ChildProcess = spawn(
    path.join(root, 'node_modules', '.bin', 'tsx'),
    [path.join(root, 'server', 'main.ts'), ...args],
    {
      cwd: root,
      // No journal unless the flags ask for one (a default state directory would be shared).
      env: { PATH: process.env.PATH ?? '', CONSOLE_JOURNAL: 'off' },
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group: kill() reaches the server itself, not only tsx in front of it.
      detached: true,
    },
  );
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
  };
  const origin = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new Error(`the console server did not start in ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const url = /^Console: (https?:\/\/\S+?)\/ui\/ /m.exec(output)?.[1];
      if (url) {
        clearTimeout(timer);
        resolve(url);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the console server exited (${code ?? 'signal'}):\n${output}`));
    });
  }).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  const kill = async () => {
    if (child.exitCode === null && child.signalCode === null && child.pid !== undefined) {
      process.kill(-child.pid, 'SIGKILL');
      await exited;
    }
  };
  return { origin, output: () => output, stop, kill };
}

/** base64 DER, as POST /1.0/certificates takes it. */
export function certificateDer(pem: string): string {
  return readFileSync(pem, 'utf8')
    .replace(/-----(BEGIN|END) CERTIFICATE-----/g, '')
    .replace(/\s+/g, '');
}

/** What a restricted LXD identity may and may not see (restrictedIdentity). */
export interface RestrictedSetup {
  /** The project the identity is restricted to. */
  project: string;
  /** The LXD name of its certificate. */
  certName: string;
  /** An instance in the project (seen), and one in default (not seen). */
  projectInstance: string;
  defaultInstance: string;
}

/**
 * An LXD identity restricted to a project of its own, which shares default's images and
 * profiles (the busybox image, a root disk), with an instance there and one in default. Resolves
 * to the certificate's fingerprint, for removeRestrictedIdentity.
 */
export async function restrictedIdentity(
  lxd: LxdApi,
  pair: CertPair,
  setup: RestrictedSetup,
): Promise<string> {
  await lxd.call('POST', '/1.0/projects', {
    name: setup.project,
    config: { 'features.images': 'false', 'features.profiles': 'false' },
  });
  await lxd.call('POST', '/1.0/certificates', {
    type: 'client',
    name: setup.certName,
    restricted: true,
    projects: [setup.project],
    certificate: certificateDer(pair.cert),
  });
  const trusted = await lxd.get<{ name: string; fingerprint: string }[]>(
    '/1.0/certificates?recursion=1',
  );
  await Promise.all([
    lxd.createInstance(setup.defaultInstance),
    lxd.createInstance(setup.projectInstance, { project: setup.project }),
  ]);
  return trusted.find((entry) => entry.name === setup.certName)?.fingerprint ?? '';
}

/** Removes what restrictedIdentity made; what is already gone is fine. */
export async function removeRestrictedIdentity(
  lxd: LxdApi,
  setup: RestrictedSetup,
  fingerprint: string,
): Promise<void> {
  await lxd.deleteInstance(setup.defaultInstance).catch(() => undefined);
  await lxd.deleteInstance(setup.projectInstance, setup.project).catch(() => undefined);
  if (fingerprint) {
    await lxd.call('DELETE', `/1.0/certificates/${fingerprint}`).catch(() => undefined);
  }
  await lxd.call('DELETE', `/1.0/projects/${setup.project}`).catch(() => undefined);
}

/** One line of the console server's audit log (--audit-log, JSON Lines). */
export interface AuditEntry {
  time: string;
  id: string;
  phase: 'start' | 'end';
  user: string;
  method: string;
  path: string;
  status?: number;
}

/**
 * The requests of an audit log that ended, each with its status, whose start line was written
 * before LXD saw them; none while the file does not exist yet.
 */
export function endedRequests(auditLog: string): AuditEntry[] {
  if (!existsSync(auditLog)) return [];
  const lines = readFileSync(auditLog, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as AuditEntry);
  const started = new Set(lines.filter((line) => line.phase === 'start').map((line) => line.id));
  return lines.filter((line) => line.phase === 'end' && started.has(line.id));
}
