/**
 * The journal as the console server runs it: the writer (journal.ts), the console's own calls
 * (calls.ts), one collector per remote (collector.ts), the /console/activity handler
 * (http.ts), the usage sampler (usage.ts) and the /console/usage handler (usage-http.ts),
 * opened together at start and closed together.
 */
import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ConsoleConfig, LxdTarget } from '../config-types';
import type { LxdProxy } from '../proxy';
import type { Remote } from '../remotes';
import { createConsoleCalls, type ConsoleCalls } from './calls';
import { startCollector, type Collector } from './collector';
import type { JournalEntry } from './entries';
import { createActivityHandler } from './http';
import { openJournal, type Journal } from './journal';
import { startUsageSampler, type UsageSampler } from './usage';
import { createUsageHandler } from './usage-http';

/** LXD's name for a TLS client: the SHA-256 fingerprint of its certificate, hex, lowercase. */
export function certificateFingerprint(file: string): string | undefined {
  try {
    return new X509Certificate(readFileSync(file)).fingerprint256.replace(/:/g, '').toLowerCase();
  } catch {
    return undefined;
  }
}

export interface RunningJournal {
  journal: Journal;
  calls: ConsoleCalls;
  /** Starts the collectors and the handler once the proxies exist; settles once they listen. */
  start: (
    remotes: readonly Remote[],
    proxies: ReadonlyMap<string, LxdProxy>,
    targets: ReadonlyMap<string, readonly LxdTarget[]>,
  ) => Promise<void>;
  handle: (req: IncomingMessage, res: ServerResponse, exportFile: boolean) => void;
  /** GET /console/usage (server/journal/usage-http.ts). */
  handleUsage: (req: IncomingMessage, res: ServerResponse) => void;
  close: () => Promise<void>;
}

export function openRunningJournal(
  config: ConsoleConfig & { journal: NonNullable<ConsoleConfig['journal']> },
): RunningJournal {
  /** Per remote: how LXD names the console's identities there. */
  const identities = new Map<string, { unix: boolean; fingerprints: Set<string> }>();
  const isConsoleIdentity = (remote: string, entry: JournalEntry): boolean => {
    const known = identities.get(remote);
    if (!known) return false;
    if (entry.protocol === 'unix') return known.unix;
    return known.fingerprints.has(entry.user.toLowerCase());
  };
  const calls = createConsoleCalls(isConsoleIdentity);
  const journal = openJournal({ ...config.journal, attribute: calls.attribute });
  let collector: Collector | undefined;
  let handler: ReturnType<typeof createActivityHandler> | undefined;
  let sampler: UsageSampler | undefined;
  let usageHandler: ReturnType<typeof createUsageHandler> | undefined;
  return {
    journal,
    calls,
    start(remotes, proxies, targets) {
      for (const [remote, list] of targets) {
        const fingerprints = new Set<string>();
        for (const target of list) {
          if (target.kind !== 'url') continue;
          const fingerprint = certificateFingerprint(target.cert);
          if (fingerprint) fingerprints.add(fingerprint);
        }
        identities.set(remote, { unix: list.some((t) => t.kind === 'socket'), fingerprints });
      }
      handler = createActivityHandler({
        journal,
        proxies,
        perUser: config.identities !== undefined,
      });
      collector = startCollector(remotes, journal);
      usageHandler = createUsageHandler({
        journal,
        proxies,
        perUser: config.identities !== undefined,
        remotes: remotes.map((remote) => remote.name),
        defaultRemote: remotes.find((remote) => remote.isDefault)?.name ?? '',
      });
      sampler = startUsageSampler({ remotes, journal, usage: config.journal.usage });
      return collector.ready;
    },
    handle(req, res, exportFile) {
      if (!handler) {
        res.writeHead(503).end();
        return;
      }
      void handler(req, res, exportFile);
    },
    handleUsage(req, res) {
      if (!usageHandler) {
        res.writeHead(503).end();
        return;
      }
      void usageHandler(req, res);
    },
    async close() {
      collector?.close();
      collector = undefined;
      await sampler?.close();
      sampler = undefined;
      await journal.close();
    },
  };
}
