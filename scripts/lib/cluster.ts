/**
 * The real three-member LXD cluster of scripts/cluster/*.sh (research: lxd-cluster.md): members
 * m1..m3 in their own network namespaces on the host bridge lxdcbr, state under
 * `${LXD_CONSOLE_STATE_ROOT:-/var/lib/lxd-console}/cluster`. This module runs the scripts and
 * reads the `env` file up.sh writes.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LxdError, parseEnvFile, stateRoot } from './lxd';

export type ClusterEnv = {
  /** https://10.201.0.11:8443 (member m1) */
  url: string;
  urls: Record<string, string>;
  members: string[];
  cert: string;
  key: string;
  base: string;
};

const scriptsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'cluster');

function run(script: string, args: string[], env: NodeJS.ProcessEnv, quiet: boolean) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn('bash', [path.join(scriptsDir, script), ...args], {
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    const lines: string[] = [];
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      for (const line of chunk.split('\n').filter(Boolean)) {
        lines.push(line);
        if (!quiet) process.stderr.write(`${line}\n`);
      }
    });
    child.on('error', (error) => reject(new LxdError(`cannot run ${script}: ${error.message}`)));
    child.on('close', (code) => {
      if (code === 0) {
        resolve();
        return;
      }
      const why = lines.find((l) => l.startsWith('cluster: error: ')) ?? lines.at(-1) ?? '';
      reject(new LxdError(`${script} ${args.join(' ')}: ${why.replace(/^cluster: error: /, '')}`));
    });
  });
}

export function clusterBase(): string {
  return path.join(stateRoot(), 'cluster');
}

export function readClusterEnv(): ClusterEnv | undefined {
  let text: string;
  try {
    text = readFileSync(path.join(clusterBase(), 'env'), 'utf8');
  } catch {
    return undefined;
  }
  const v = parseEnvFile(text);
  const members = (v.get('LXDC_MEMBERS') ?? '').split(' ').filter(Boolean);
  const urlList = (v.get('LXDC_URLS') ?? '').split(' ').filter(Boolean);
  const url = v.get('LXDC_URL');
  const cert = v.get('LXDC_CERT');
  const key = v.get('LXDC_KEY');
  const base = v.get('LXDC_BASE');
  if (!url || !cert || !key || !base || members.length === 0) return undefined;
  return {
    url,
    urls: Object.fromEntries(members.map((m, i) => [m, urlList[i] ?? ''])),
    members,
    cert,
    key,
    base,
  };
}

/** Brings up a fresh cluster (tearing down a previous one) and returns its environment. */
export async function startCluster(opts: { uiDir?: string; quiet?: boolean } = {}) {
  const env = { ...process.env, ...(opts.uiDir ? { LXD_UI_DIR: path.resolve(opts.uiDir) } : {}) };
  await run('up.sh', ['up'], env, opts.quiet ?? false);
  const result = readClusterEnv();
  if (!result) throw new LxdError(`cluster up.sh wrote no usable ${clusterBase()}/env`);
  return result;
}

export function stopCluster(opts: { quiet?: boolean } = {}): Promise<void> {
  return run('down.sh', [], { ...process.env }, opts.quiet ?? false);
}

/** Stops one member's daemon (`m3` → member 3); its running instances stop with it. */
export function stopClusterMember(member: string, opts: { quiet?: boolean } = {}) {
  return run(
    'up.sh',
    ['stop-member', member.replace(/^m/, '')],
    { ...process.env },
    opts.quiet ?? true,
  );
}

/** Starts a stopped member's daemon again; LXD restarts the instances that were running. */
export function startClusterMember(member: string, opts: { quiet?: boolean } = {}) {
  return run(
    'up.sh',
    ['start-member', member.replace(/^m/, '')],
    { ...process.env },
    opts.quiet ?? true,
  );
}
