/**
 * Process helpers for the daemons the scripts start themselves (scripts/lib/postgres.ts): the
 * same rules as scripts/lxd/proc.sh. A pid is only ever signalled after /proc says it is still
 * the process we recorded.
 */
import { readFileSync } from 'node:fs';

export const sleep = (ms: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, ms));

/** Fields of /proc/PID/stat after the command name (index 0 is the state), or undefined. */
function statFields(pid: number): string[] | undefined {
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/** True for a live, non-zombie process. */
export function pidAlive(pid: number): boolean {
  const state = statFields(pid)?.[0];
  return state !== undefined && state !== 'Z' && state !== 'X';
}

/** The process's start time (clock ticks since boot): with the pid, it names one process. */
export function startTime(pid: number): string | undefined {
  return statFields(pid)?.[19];
}

/** The argv of a process (/proc/PID/cmdline), or undefined when it is gone. */
export function processArgs(pid: number): string[] | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    return text ? text.replace(/\0$/, '').split('\0') : undefined;
  } catch {
    return undefined;
  }
}

/** Waits until the pid is gone (or a zombie); false when it still runs after `ms`. */
export async function waitGone(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (pidAlive(pid)) {
    if (Date.now() >= deadline) return false;
    await sleep(50);
  }
  return true;
}

function signal(pid: number, sig: NodeJS.Signals): void {
  try {
    process.kill(pid, sig);
  } catch {
    // already gone
  }
}

/**
 * `sig` (SIGINT: PostgreSQL's fast shutdown), then SIGKILL to the process and its process group
 * (a detached daemon leads its own) after `graceMs`; resolves when the pid is gone.
 */
export async function killPid(pid: number, sig: NodeJS.Signals, graceMs: number): Promise<void> {
  if (!pidAlive(pid)) return;
  signal(pid, sig);
  if (await waitGone(pid, graceMs)) return;
  signal(-pid, 'SIGKILL');
  signal(pid, 'SIGKILL');
  await waitGone(pid, 5_000);
}
