/**
 * Watches the e2e LXD while the run goes on, so that a run where it stopped answering says so
 * in its last lines (CI shows only the end of the output, and the teardown deletes the state
 * directory with its logs). global-setup.ts starts the watch and writes the report at teardown;
 * scripts/test.sh prints it after a failed e2e run.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';

/** How often the daemon is asked for /1.0, and how long one answer may take. */
export const HEALTH_EVERY_MS = 10_000;
export const HEALTH_TIMEOUT_MS = 5_000;
/** Lines of the daemon's own output kept in the report. */
const LOG_LINES = 30;
/** A 1-minute load average above this (3 × this machine kind's 2 cores) is reported. */
export const HIGH_LOAD = 6;
/** A /1.0 answer slower than this is reported (it takes milliseconds on an idle daemon). */
export const SLOW_ANSWER_MS = 2_000;

/** The processes using the most CPU, as `ps` shows them (a few lines). */
function busiestProcesses(): string[] {
  try {
    return execFileSync('ps', ['-eo', 'pcpu,rss,etime,args', '--sort=-pcpu'], {
      encoding: 'utf8',
      timeout: 2_000,
    })
      .split('\n')
      .slice(0, 6)
      .map((line) => line.slice(0, 160));
  } catch {
    return [];
  }
}

/** True when LXD answers GET /1.0 on its unix socket within the timeout. */
export function lxdAnswers(socketPath: string, timeoutMs = HEALTH_TIMEOUT_MS): Promise<boolean> {
  return new Promise((resolve) => {
    const request = http.get({ socketPath, path: '/1.0', timeout: timeoutMs }, (response) => {
      response.resume();
      response.on('end', () => {
        resolve(response.statusCode === 200);
      });
      response.on('error', () => {
        resolve(false);
      });
    });
    request.on('timeout', () => {
      request.destroy();
      resolve(false);
    });
    request.on('error', () => {
      resolve(false);
    });
  });
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function tail(file: string, lines: number): string[] {
  try {
    return readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .slice(-lines);
  } catch {
    return [];
  }
}

export interface HealthWatch {
  /** Stops asking; returns the report lines (empty when the daemon answered every time). */
  finish(): Promise<string[]>;
}

/**
 * Asks the daemon every HEALTH_EVERY_MS. The report names each time it stopped answering and
 * when it came back, its slowest answer, the machine's highest load with the busiest processes,
 * whether the daemon's process is still there at the end, and its output's tail.
 */
export function watchLxd(
  label: string,
  socketPath: string,
  stateDir: string,
  {
    everyMs = HEALTH_EVERY_MS,
    timeoutMs = HEALTH_TIMEOUT_MS,
    now = Date.now,
    load = () => os.loadavg()[0] ?? 0,
    highLoad = HIGH_LOAD,
  } = {},
): HealthWatch {
  const started = now();
  /** The highest load seen above highLoad, when, and the busiest processes then. */
  let peak: { load: number; at: number; processes: string[] } | null = null;
  let slowest: { ms: number; at: number } | null = null;
  /** Each time it stopped answering: from the first missed check to the next answer. */
  const outages: { from: number; to: number | null; misses: number }[] = [];
  let busy = false;
  const check = async () => {
    if (busy) return;
    busy = true;
    const asked = now();
    const ok = await lxdAnswers(socketPath, timeoutMs);
    busy = false;
    const took = now() - asked;
    if (ok && took > SLOW_ANSWER_MS && (!slowest || took > slowest.ms)) {
      slowest = { ms: took, at: asked };
    }
    const current = load();
    if (current > highLoad && (!peak || current > peak.load)) {
      peak = { load: current, at: now(), processes: busiestProcesses() };
    }
    const last = outages.at(-1);
    if (!ok) {
      if (last && last.to === null) last.misses += 1;
      else outages.push({ from: now(), to: null, misses: 1 });
    } else if (last && last.to === null) {
      last.to = now();
    }
  };
  const timer = setInterval(() => void check(), everyMs);
  timer.unref();
  return {
    async finish() {
      clearInterval(timer);
      const answersNow = await lxdAnswers(socketPath, timeoutMs);
      if (answersNow && outages.length === 0 && !peak && !slowest) return [];
      const at = (t: number) =>
        `${new Date(t).toISOString().slice(11, 19)} UTC (${Math.round((t - started) / 1000)} s into the run)`;
      // The disruptive project stops this daemon on purpose, last: its outage is listed too.
      const lines = [`${label}: health report (the disruptive tests stop it on purpose, last)`];
      for (const outage of outages.slice(0, 5)) {
        lines.push(
          `- not answering GET /1.0 from ${at(outage.from)} ${
            outage.to === null ? 'to the end' : `to ${at(outage.to)}`
          }, ${outage.misses} missed check(s)`,
        );
      }
      if (slowest) {
        lines.push(`- slowest answer to GET /1.0: ${slowest.ms} ms at ${at(slowest.at)}`);
      }
      if (peak) {
        lines.push(
          `- 1-minute load average up to ${peak.load.toFixed(1)} at ${at(peak.at)} (${os.cpus().length} CPUs); busiest then:`,
          ...peak.processes,
        );
      }
      let pid: number | null = null;
      try {
        pid = Number.parseInt(readFileSync(path.join(stateDir, 'lxd.pid'), 'utf8'), 10) || null;
      } catch {
        pid = null;
      }
      lines.push(
        `- at the end: ${answersNow ? 'answering' : 'not answering'}; daemon process ${
          pid === null ? 'unknown' : pidAlive(pid) ? `${pid} alive` : `${pid} gone`
        }`,
      );
      const output = tail(path.join(stateDir, 'lxd.out'), LOG_LINES);
      if (output.length > 0) lines.push(`- last lines of ${stateDir}/lxd.out:`, ...output);
      return lines;
    },
  };
}
