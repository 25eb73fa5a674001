/**
 * The activity journal's flags (--state-dir, --journal, --journal-max-days, --journal-max-rows):
 * where its embedded database and spool live, or which PostgreSQL holds it, and its retention.
 */
import os from 'node:os';
import path from 'node:path';
import type { ConsoleConfig, Env } from './config-types';
import { ConsoleError } from './errors';
import { DEFAULT_RETENTION } from './journal/store';

export type JournalFlag = 'state-dir' | 'journal' | 'journal-max-days' | 'journal-max-rows';

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
  if (where === 'off') return {};
  if (where === 'embedded') {
    return {
      journal: {
        store: { kind: 'embedded', dir: path.join(stateDir, 'journal') },
        stateDir,
        retention,
      },
    };
  }
  if (/^postgres(ql)?:\/\//.test(where)) {
    return { journal: { store: { kind: 'postgres', url: where }, stateDir, retention } };
  }
  throw new ConsoleError(
    `--journal must be embedded, off or a PostgreSQL URL (postgres://…), not "${where}"`,
  );
}
