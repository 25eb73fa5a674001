/**
 * One event listener per remote, independent of any browser: the console server's own identity
 * on `/1.0/events?type=lifecycle,operation&all-projects=true`, each event turned into a journal
 * entry (server/journal/entries.ts). It reconnects as the console's event stream does (up to 5
 * attempts, 250 ms times the attempt number apart), then tries again every RETRY_BURST_MS; the
 * time it could not hear the remote is recorded as a gap, never silently.
 */
import WebSocket from 'ws';
import { errorMessage } from '../errors';
import { readLxd } from '../proxy';
import type { Remote } from '../remotes';
import { entryOfEvent, gapEntry, type JournalEntry, type LxdEvent } from './entries';
import type { Journal } from './journal';

export const CONNECT_ATTEMPTS = 5;
export const ATTEMPT_DELAY_MS = 250;
export const RETRY_BURST_MS = 5_000;
/**
 * How often a connected stream is marked as heard: the gap of a crash starts there. Each mark is a
 * write to the database, so not every second; a crash's gap is at most this much too early.
 */
export const HEARD_EVERY_MS = 10_000;
export const EVENTS_PATH = '/1.0/events?type=lifecycle,operation&all-projects=true';

export interface Collector {
  /**
   * Settles once every remote's first connection opened or failed (at most READY_MS): the
   * console server says it is up after that, so changes made at once are heard.
   */
  ready: Promise<void>;
  /** Whether each remote's stream is connected now. */
  connected: () => ReadonlyMap<string, boolean>;
  close: () => void;
}

/** The websocket address and options of a remote's event stream, through its upstream. */
function socketOf(remote: Remote): { url: string; options: WebSocket.ClientOptions } {
  if (remote.target.kind === 'socket') {
    return { url: `ws+unix:${remote.target.path}:${EVENTS_PATH}`, options: {} };
  }
  const url = new URL(remote.target.url);
  return {
    url: `wss://${url.host}${EVENTS_PATH}`,
    options: { agent: remote.upstream.agent, headers: { Origin: remote.upstream.origin } },
  };
}

/** How often a remote's certificate names are asked again (and after a certificate event). */
export const NAMES_EVERY_MS = 5 * 60_000;

/** The names of the certificates a remote trusts, by fingerprint (empty if it refuses). */
function readNames(remote: Remote): Promise<Map<string, string>> {
  return readLxd(remote.upstream, '/1.0/certificates?recursion=1', 5_000, 8 * 1024 * 1024).then(
    (answer) => {
      const names = new Map<string, string>();
      try {
        const list = (JSON.parse(answer?.body ?? '{}') as { metadata?: unknown }).metadata;
        if (Array.isArray(list)) {
          for (const item of list as Array<{ fingerprint?: unknown; name?: unknown }>) {
            if (typeof item.fingerprint === 'string' && typeof item.name === 'string')
              names.set(item.fingerprint.toLowerCase(), item.name);
          }
        }
      } catch {
        // Not readable: entries keep the fingerprint alone.
      }
      return names;
    },
  );
}

/** The longest the console server waits at start for the remotes' event streams. */
export const READY_MS = 5_000;

interface Listener {
  ready: Promise<void>;
  close: () => void;
  connected: () => boolean;
}

function listen(remote: Remote, journal: Journal): Listener {
  let socket: WebSocket | undefined;
  let timer: NodeJS.Timeout | undefined;
  let heardTimer: NodeJS.Timeout | undefined;
  let closed = false;
  let open = false;
  let attempt = 0;
  /** Since when the remote has not been heard (the start of a gap), and why. */
  let lostAt: string | undefined;
  let lostWhy = '';
  let first = true;
  let settle: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => {
    settle = resolve;
  });
  let names = new Map<string, string>();
  let namesAt = 0;
  /** While the names are asked, entries wait here (in order) to be named with the answer. */
  let held: JournalEntry[] | undefined;
  const record = (entry: JournalEntry) => {
    if (!entry.identity && entry.protocol === 'tls')
      entry.identity = names.get(entry.user.toLowerCase()) ?? '';
    journal.add(entry);
  };
  const refreshNames = (): Promise<void> => {
    namesAt = Date.now();
    held ??= [];
    return readNames(remote).then((read) => {
      if (read.size > 0) names = read;
      const waiting = held ?? [];
      held = undefined;
      for (const entry of waiting) record(entry);
    });
  };

  const gapUntilNow = (reason: string) => {
    if (lostAt === undefined) return;
    journal.add(gapEntry(remote.name, lostAt, new Date().toISOString(), reason));
    lostAt = undefined;
  };

  function connect(): void {
    if (closed) return;
    const { url, options } = socketOf(remote);
    const ws = new WebSocket(url, { ...options, handshakeTimeout: 10_000 });
    socket = ws;
    ws.on('open', () => {
      open = true;
      attempt = 0;
      if (first) {
        first = false;
        // Before this process heard it: since the last time a console server did (its state
        // in the journal), or since this process started trying.
        const since = lostAt;
        const why = lostWhy;
        const openedAt = new Date().toISOString();
        lostAt = undefined;
        void journal.lastHeard(remote.name).then((last) => {
          const from = last ?? since;
          if (from === undefined) return;
          const reason = last === undefined ? why : 'the console server was not listening';
          journal.add(gapEntry(remote.name, from, openedAt, reason));
        });
      } else gapUntilNow(lostWhy);
      // Ready once the certificates' names are known: the first entries carry them too.
      void refreshNames().finally(settle);
      journal.heard(remote.name);
      heardTimer = setInterval(() => journal.heard(remote.name), HEARD_EVERY_MS);
      heardTimer.unref();
    });
    ws.on('message', (data) => {
      let event: LxdEvent;
      try {
        event = JSON.parse(
          (Array.isArray(data) ? Buffer.concat(data) : Buffer.from(new Uint8Array(data))).toString(
            'utf8',
          ),
        ) as LxdEvent;
      } catch {
        return;
      }
      const entry = entryOfEvent(remote.name, event);
      if (!entry) return;
      if (held) held.push(entry);
      else record(entry);
      if (entry.action.startsWith('certificate-') || Date.now() - namesAt > NAMES_EVERY_MS)
        void refreshNames();
    });
    ws.on('error', (error) => {
      lostWhy = `the console server could not reach ${remote.name}: ${errorMessage(error).split('\n')[0] ?? ''}`;
    });
    ws.on('close', () => {
      settle();
      clearInterval(heardTimer);
      if (socket !== ws) return;
      socket = undefined;
      if (open) {
        open = false;
        lostAt ??= new Date().toISOString();
        if (!lostWhy) lostWhy = `the event stream of ${remote.name} was closed`;
      } else if (first && lostAt === undefined) {
        // Never heard since start: the gap runs from the start (or the last console server).
        lostAt = new Date().toISOString();
      }
      if (closed) return;
      attempt += 1;
      const delay = attempt <= CONNECT_ATTEMPTS ? ATTEMPT_DELAY_MS * attempt : RETRY_BURST_MS;
      if (attempt > CONNECT_ATTEMPTS) attempt = 0;
      timer = setTimeout(connect, delay);
      timer.unref();
    });
  }
  connect();

  return {
    ready,
    connected: () => open,
    close() {
      closed = true;
      clearTimeout(timer);
      clearInterval(heardTimer);
      socket?.terminate();
      socket = undefined;
    },
  };
}

export function startCollector(remotes: readonly Remote[], journal: Journal): Collector {
  const listeners = new Map(remotes.map((remote) => [remote.name, listen(remote, journal)]));
  let timer: NodeJS.Timeout | undefined;
  const ready = Promise.race([
    Promise.all([...listeners.values()].map((listener) => listener.ready)).then(() => undefined),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, READY_MS);
    }),
  ]).finally(() => clearTimeout(timer));
  return {
    ready,
    connected: () => new Map([...listeners].map(([name, l]) => [name, l.connected()])),
    close() {
      for (const listener of listeners.values()) listener.close();
    },
  };
}
