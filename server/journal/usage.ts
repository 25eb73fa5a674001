/**
 * The usage sampler: independent of any browser, every `sampleMs` (15 s by default) it asks each
 * remote's `GET /1.0/metrics` with the console server's identity (on a cluster, each online
 * member with `?target=`; an identity refused the all-projects answer asks project by project),
 * turns the answers into one sample per instance (usage-metrics.ts) and writes them to the
 * journal's database. Every 5 minutes (and at start) it averages the completed buckets into the
 * 5-minute and hourly resolutions and removes what is past retention (usage-store.ts). While the
 * database cannot be reached up to BUFFER_LIMIT samples wait in memory (the oldest go first).
 * A remote that does not answer is skipped for that round, with one stderr line per streak.
 */
import { errorMessage } from '../errors';
import { getLxd } from '../proxy';
import type { Remote } from '../remotes';
import { urlName } from '../../src/lxd/url-name';
import type { Journal } from './journal';
import { createRates, parseUsage, type UsageReading, type UsageSample } from './usage-metrics';
import {
  applyUsageRetention,
  DEFAULT_SAMPLE_MS,
  DEFAULT_USAGE_RETENTION,
  insertSamples,
  rollUp,
  type UsageOptions,
  type UsageRetention,
} from './usage-store';

export const ROLLUP_EVERY_MS = 5 * 60_000;
export const BUFFER_LIMIT = 10_000;
/** How long what GET /1.0 and the cluster's members said is used before asking again. */
export const INFO_TTL_MS = 60_000;
const REQUEST_TIMEOUT_MS = 10_000;
const MAX_BYTES = 64 * 1024 * 1024;

export interface UsageSamplerOptions {
  remotes: readonly Remote[];
  journal: Pick<Journal, 'read'>;
  usage?: UsageOptions | undefined;
  bufferLimit?: number;
  /** Off for tests that call round() themselves. */
  timer?: boolean;
}

export interface UsageSampler {
  /** One round now: sample every remote, write, and roll up when it is due. */
  round: () => Promise<void>;
  /** Samples waiting for the database. */
  pending: () => number;
  close: () => Promise<void>;
}

class HttpStatusError extends Error {
  constructor(readonly status: number) {
    super(`HTTP ${String(status)}`);
  }
}

/** A GET through the remote's upstream (the console server's identity): the body of a 200. */
async function getText(remote: Remote, path: string): Promise<string> {
  const answer = await getLxd(remote.upstream, path, {
    timeoutMs: REQUEST_TIMEOUT_MS,
    maxBytes: MAX_BYTES,
    accept: 'application/json, text/plain',
  });
  if (answer.status !== 200) throw new HttpStatusError(answer.status);
  return answer.body;
}

async function getMetadata(remote: Remote, path: string): Promise<unknown> {
  const body = JSON.parse(await getText(remote, path)) as { metadata?: unknown } | null;
  return body?.metadata;
}

interface RemoteInfo {
  at: number;
  /** Online members of a cluster; [''] for a server on its own. */
  members: string[];
}

function query(params: Record<string, string>): string {
  const search = new URLSearchParams(
    Object.entries(params).filter(([, value]) => value !== ''),
  ).toString();
  return search ? `?${search}` : '';
}

export function startUsageSampler(options: UsageSamplerOptions): UsageSampler {
  const sampleMs = options.usage?.sampleMs ?? DEFAULT_SAMPLE_MS;
  const retention: UsageRetention = {
    rawHours: options.usage?.rawHours ?? DEFAULT_USAGE_RETENTION.rawHours,
    fiveMinuteDays: options.usage?.fiveMinuteDays ?? DEFAULT_USAGE_RETENTION.fiveMinuteDays,
    hourDays: options.usage?.hourDays ?? DEFAULT_USAGE_RETENTION.hourDays,
  };
  const bufferLimit = options.bufferLimit ?? BUFFER_LIMIT;
  const rates = createRates(Math.max(sampleMs * 4, 60_000));
  const infos = new Map<string, RemoteInfo>();
  /** Remotes that answer the all-projects metrics with 403: asked project by project. */
  const perProject = new Set<string>();
  /** What failed, by remote (or remote and member), for one stderr line per streak. */
  const failing = new Map<string, string>();
  let buffer: UsageSample[] = [];
  let dropped = 0;
  let writeFailure = '';
  let lastRollup = 0;
  let closed = false;
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;

  function failed(key: string, what: string, error: unknown): void {
    const message = errorMessage(error).split('\n')[0] ?? '';
    if (!failing.has(key)) {
      process.stderr.write(`console server: usage history: ${what}: ${message}\n`);
    }
    failing.set(key, message);
  }

  async function info(remote: Remote): Promise<RemoteInfo> {
    const known = infos.get(remote.name);
    if (known && Date.now() - known.at < INFO_TTL_MS) return known;
    const server = (await getMetadata(remote, '/1.0')) as {
      environment?: { server_clustered?: unknown };
    } | null;
    let members = [''];
    if (server?.environment?.server_clustered === true) {
      const list = await getMetadata(remote, '/1.0/cluster/members?recursion=1');
      members = (Array.isArray(list) ? (list as { server_name?: unknown; status?: unknown }[]) : [])
        .filter((m) => m.status === 'Online' && typeof m.server_name === 'string')
        .map((m) => String(m.server_name));
    }
    const fresh = { at: Date.now(), members };
    infos.set(remote.name, fresh);
    return fresh;
  }

  async function readings(remote: Remote, target: string): Promise<UsageReading[]> {
    if (!perProject.has(remote.name)) {
      try {
        return parseUsage(await getText(remote, `/1.0/metrics${query({ target })}`));
      } catch (error) {
        if (!(error instanceof HttpStatusError && error.status === 403)) throw error;
        perProject.add(remote.name);
      }
    }
    const projects = await getMetadata(remote, '/1.0/projects');
    const names = (Array.isArray(projects) ? projects : [])
      .filter((url): url is string => typeof url === 'string')
      .map(urlName);
    const answers = await Promise.all(
      names.map((project) => getText(remote, `/1.0/metrics${query({ project, target })}`)),
    );
    return answers.flatMap(parseUsage);
  }

  async function sampleRemote(remote: Remote, at: string): Promise<UsageSample[]> {
    let members: string[];
    try {
      members = (await info(remote)).members;
    } catch (error) {
      infos.delete(remote.name);
      failed(remote.name, `${remote.name} does not answer`, error);
      return [];
    }
    failing.delete(remote.name);
    const samples = await Promise.all(
      members.map(async (member) => {
        const key = `${remote.name}\n${member}`;
        try {
          const read = await readings(remote, member);
          failing.delete(key);
          return rates.samples(remote.name, member, read, Date.now(), at);
        } catch (error) {
          // The member may have gone: ask for the members again next round.
          infos.delete(remote.name);
          const who = member ? `member ${member} of ${remote.name}` : remote.name;
          failed(key, `the metrics of ${who} cannot be read`, error);
          return [];
        }
      }),
    );
    return samples.flat();
  }

  async function write(): Promise<boolean> {
    if (buffer.length === 0) return true;
    const batch = buffer;
    try {
      await options.journal.read((db) => insertSamples(db, batch));
    } catch (error) {
      const message = errorMessage(error).split('\n')[0] ?? 'unknown error';
      if (!writeFailure) {
        process.stderr.write(
          `console server: usage samples cannot be written now (up to ${String(bufferLimit)} are kept in memory): ${message}\n`,
        );
      }
      writeFailure = message;
      return false;
    }
    buffer = buffer.slice(batch.length);
    if (writeFailure) process.stderr.write('console server: usage samples are written again\n');
    writeFailure = '';
    dropped = 0;
    return true;
  }

  async function rollUpAll(): Promise<void> {
    const now = Date.now();
    try {
      await options.journal.read(async (db) => {
        for (const remote of options.remotes) await rollUp(db, remote.name, retention, now);
        await applyUsageRetention(db, retention, now);
      });
      lastRollup = now;
    } catch (error) {
      process.stderr.write(`console server: usage roll-up: ${errorMessage(error)}\n`);
    }
  }

  async function round(): Promise<void> {
    const at = new Date().toISOString();
    const taken = await Promise.all(options.remotes.map((remote) => sampleRemote(remote, at)));
    rates.prune(Date.now());
    buffer.push(...taken.flat());
    if (buffer.length > bufferLimit) {
      const over = buffer.length - bufferLimit;
      if (dropped === 0) {
        process.stderr.write(
          `console server: usage history: more than ${String(bufferLimit)} samples wait for the database; the oldest are dropped\n`,
        );
      }
      dropped += over;
      buffer = buffer.slice(over);
    }
    // Roll-ups only once every sample before now is written (a bucket is averaged once).
    if ((await write()) && Date.now() - lastRollup >= ROLLUP_EVERY_MS) await rollUpAll();
  }

  /** One round at a time, whoever asks for it. */
  async function runRound(): Promise<void> {
    while (running) await running;
    running = round()
      .catch((error: unknown) => {
        process.stderr.write(`console server: usage history: ${errorMessage(error)}\n`);
      })
      .finally(() => {
        running = undefined;
      });
    await running;
  }

  function schedule(delay: number): void {
    if (closed || options.timer === false) return;
    timer = setTimeout(() => {
      const started = Date.now();
      void runRound().finally(() => {
        schedule(Math.max(sampleMs - (Date.now() - started), 0));
      });
    }, delay);
    timer.unref();
  }
  schedule(0);

  return {
    round: runRound,
    pending: () => buffer.length,
    async close() {
      closed = true;
      clearTimeout(timer);
      while (running) await running;
      await write();
    },
  };
}
