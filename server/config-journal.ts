/**
 * The activity journal's flags (--state-dir, --journal, --journal-max-days, --journal-max-rows):
 * where its embedded database and spool live, or which PostgreSQL holds it, and its retention;
 * and the usage sampler's (--usage-sample-seconds, --usage-raw-hours, --usage-5m-days,
 * --usage-1h-days), which writes to the same database.
 */
import os from 'node:os';
import path from 'node:path';
import type { ConsoleConfig, Env } from './config-types';
import { ConsoleError } from './errors';
import { DEFAULT_RETENTION } from './journal/store';
import {
  DEFAULT_SAMPLE_MS,
  DEFAULT_USAGE_RETENTION,
  type UsageOptions,
} from './journal/usage-store';

/** The shortest --usage-sample-seconds. */
export const MIN_SAMPLE_SECONDS = 10;

export type JournalFlag =
  | 'state-dir'
  | 'journal'
  | 'journal-max-days'
  | 'journal-max-rows'
  | 'usage-sample-seconds'
  | 'usage-raw-hours'
  | 'usage-5m-days'
  | 'usage-1h-days';

function positive(raw: string | undefined, flag: JournalFlag, fallback: number): number {
  if (raw === undefined) return fallback;
  if (!/^\d{1,12}$/.test(raw) || Number(raw) < 1) {
    throw new ConsoleError(`--${flag} must be a whole number of at least 1, not "${raw}"`);
  }
  return Number(raw);
}

/** The state directory by default: $XDG_STATE_HOME/lxd-console, else ~/.local/state/lxd-console. */
export function defaultStateDir(env: Env): string {
  const base = env.XDG_STATE_HOME || path.join(env.HOME || os.homedir(), '.local', 'state');
  return path.join(base, 'lxd-console');
}

export function journalConfig(
  pick: (flag: JournalFlag) => string | undefined,
  env: Env = process.env,
): Pick<ConsoleConfig, 'journal'> {
  const where = pick('journal') ?? 'embedded';
  const stateDir = path.resolve(pick('state-dir') ?? defaultStateDir(env));
  const retention = {
    maxAgeDays: positive(
      pick('journal-max-days'),
      'journal-max-days',
      DEFAULT_RETENTION.maxAgeDays,
    ),
    maxRows: positive(pick('journal-max-rows'), 'journal-max-rows', DEFAULT_RETENTION.maxRows),
  };
  const sampleSeconds = positive(
    pick('usage-sample-seconds'),
    'usage-sample-seconds',
    DEFAULT_SAMPLE_MS / 1000,
  );
  if (sampleSeconds < MIN_SAMPLE_SECONDS) {
    // LXD answers /1.0/metrics from a collection it renews every 8 s: asked more often, two
    // samples in a row may be the same collection (a rate of 0, then twice the real one).
    throw new ConsoleError(
      `--usage-sample-seconds must be at least ${String(MIN_SAMPLE_SECONDS)} (LXD renews its metrics every 8 s), not "${String(sampleSeconds)}"`,
    );
  }
  const usage: UsageOptions = {
    sampleMs: sampleSeconds * 1000,
    rawHours: positive(
      pick('usage-raw-hours'),
      'usage-raw-hours',
      DEFAULT_USAGE_RETENTION.rawHours,
    ),
    fiveMinuteDays: positive(
      pick('usage-5m-days'),
      'usage-5m-days',
      DEFAULT_USAGE_RETENTION.fiveMinuteDays,
    ),
    hourDays: positive(pick('usage-1h-days'), 'usage-1h-days', DEFAULT_USAGE_RETENTION.hourDays),
  };
  if (where === 'off') return {};
  if (where === 'embedded') {
    return {
      journal: {
        store: { kind: 'embedded', dir: path.join(stateDir, 'journal') },
        stateDir,
        retention,
        usage,
      },
    };
  }
  if (/^postgres(ql)?:\/\//.test(where)) {
    return { journal: { store: { kind: 'postgres', url: where }, stateDir, retention, usage } };
  }
  throw new ConsoleError(
    `--journal must be embedded, off or a PostgreSQL URL (postgres://…), not "${where}"`,
  );
}
