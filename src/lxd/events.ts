/**
 * The LXD event stream (spec §4, §7, §8, §9), without React: one WebSocket on the page's own
 * origin to `/1.0/events?type=operation,lifecycle&all-projects=true` (on a console server's named
 * remote `/remote/{name}/1.0/events?…`, ./remote.ts).
 *
 * States: 'not connected' → 'connected'; a close or an error returns to 'not connected'.
 *
 * Reconnection comes in rounds. A round is up to 5 connect attempts, the delay before the next
 * attempt being 250 ms × the number of the attempt that failed (250, 500, 750, 1000 ms). When the
 * 5th attempt of a round fails, the error 'Failed to connect to event api' is reported: that is
 * the spec's "after the retries are exhausted". The stream must still survive a restarted daemon
 * or a lost network, so a failed round is not the end: a new round of 5 attempts starts when the
 * tab becomes visible, when the browser reports `online`, or after a slow back-off (5 s doubling
 * up to 60 s). The error stays reported until a connection opens again.
 *
 * A connection that was open a while and then closes starts a new round at once; one that closes
 * right after opening counts as a failed attempt of the current round (no hot loop). When the tab
 * becomes visible: no connection → reconnect now; a connection older than 1 hour
 * (3,600,000 ms) → close it and reconnect (background tabs may hold a dead socket).
 *
 * LXD 5.0.2 does not filter other projects' events for restricted users: listeners must not
 * assume that every event concerns a project the user may see.
 */
import { EVENT_CONNECT_ERROR } from './eventMessages';
import { remotePath, websocketUrl, type WebsocketUrlOptions } from './remote';

export const EVENTS_PATH = '/1.0/events?type=operation,lifecycle&all-projects=true';
// Spec §8, §9: attempts per round, 250 ms × attempt between them, tracked-operation handling
// delay, maximum connection age on return to the tab, operations refetch debounce, the error.
export const EVENT_CONNECT_ATTEMPTS = 5;
export const EVENT_RETRY_DELAY_MS = 250;
export const EVENT_HANDLER_DELAY_MS = 250;
export const EVENT_MAX_CONNECTION_AGE_MS = 3_600_000;
export const OPERATIONS_REFETCH_DEBOUNCE_MS = 2000;
export { EVENT_CONNECT_ERROR };
/** First delay before a new round after a failed one; doubles up to the maximum. */
export const EVENT_ROUND_RETRY_MS = 5000;
export const EVENT_ROUND_RETRY_MAX_MS = 60_000;
/** A connection that lived at least this long starts a fresh round when it closes. */
export const EVENT_STABLE_CONNECTION_MS = 1000;

export type EventConnectionState = 'not connected' | 'connected';

export interface LxdEvent<M = unknown> {
  type: string;
  timestamp: string;
  metadata: M;
  project?: string | undefined;
  location?: string | undefined;
}

export interface LxdLifecycleMetadata {
  action: string;
  source: string;
  name?: string;
  project?: string;
  context?: Record<string, unknown> | null;
  requestor?: { username?: string; protocol?: string; address?: string } | null;
}

/** Explanations of WebSocket close codes (RFC 6455 §7.4.1 and the IANA registry). */
export const CLOSE_CODE_TEXTS: Readonly<Record<number, string>> = {
  1000: 'Normal closure: the purpose of the connection has been fulfilled.',
  1001: 'Going away: the server is going down or the browser left the page.',
  1002: 'Protocol error: an endpoint terminated the connection.',
  1003: 'Unsupported data: an endpoint received a type of data it cannot accept.',
  1004: 'Reserved: the meaning of this code might be defined in the future.',
  1005: 'No status received: the close frame carried no status code.',
  1006: 'Abnormal closure: the connection closed without a close frame.',
  1007: 'Invalid frame payload: a message held data inconsistent with its type.',
  1008: 'Policy violation: an endpoint received a message that violates its policy.',
  1009: 'Message too big: an endpoint received a message too big to process.',
  1010: 'Mandatory extension: the server did not negotiate an extension the client expected.',
  1011: 'Internal error: the server met an unexpected condition and could not go on.',
  1015: 'TLS handshake failure: for example, the server certificate could not be verified.',
};

export const UNKNOWN_CLOSE_REASON = 'Unknown reason';

/** The explanatory text of a close code; 'Unknown reason' for codes without one. */
export function closeCodeText(code: number): string {
  return CLOSE_CODE_TEXTS[code] ?? UNKNOWN_CLOSE_REASON;
}

/** The events URL of the page's remote (or `remote`) on the page's origin (ws: or wss:). */
export function eventsUrl(
  origin?: WebsocketUrlOptions['origin'],
  remote?: WebsocketUrlOptions['remote'],
): string {
  return websocketUrl(EVENTS_PATH, { origin, remote });
}

/** The part of the browser's WebSocket this module uses (tests pass a fake). */
export interface EventWebSocket {
  onopen: ((event: unknown) => void) | null;
  onclose: ((event: { code: number; reason: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  close(code?: number, reason?: string): void;
}

export type EventWebSocketConstructor = new (url: string) => EventWebSocket;

export interface EventTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const defaultTimers: EventTimers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => {
    globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>);
  },
};

export interface EventSocketStatus {
  state: EventConnectionState;
  /** 'Failed to connect to event api' after a failed round, until a connection opens. */
  error: string | null;
  /** Explanation of the last close code. */
  lastCloseReason: string | null;
  /** Epoch ms when the open connection was established. */
  connectedAt: number | null;
}

/**
 * The stream index.html opens before the console's code has loaded (the same EVENTS_PATH), with
 * the messages that arrived since: the first connection adopts it and replays them, so nothing
 * that happened while the code loaded is missed.
 */
export interface EarlyEventSocket {
  socket: EventWebSocket;
  /** The stream's path: EVENTS_PATH on the page's remote (`/remote/{name}/1.0/events?…`). */
  path?: string | undefined;
  messages: unknown[];
  open: boolean;
  closed: boolean;
}

declare global {
  interface Window {
    __lxdEarlyEvents?: EarlyEventSocket | undefined;
  }
}

/**
 * The page's early event stream, once, while it is still open and of the page's remote (a stream
 * of another one is closed).
 */
export function takeEarlyEventSocket(): EarlyEventSocket | undefined {
  if (typeof window === 'undefined') return undefined;
  const early = window.__lxdEarlyEvents;
  window.__lxdEarlyEvents = undefined;
  const usable =
    early !== undefined && !early.closed && (early.path ?? EVENTS_PATH) === remotePath(EVENTS_PATH);
  if (early && !usable) early.socket.close();
  return usable ? early : undefined;
}

export interface EventSocketOptions {
  url?: string;
  WebSocketImpl?: EventWebSocketConstructor;
  timers?: EventTimers;
  now?: () => number;
  logger?: Pick<Console, 'warn' | 'error'>;
  /**
   * The already open stream the first attempt takes instead of connecting (by default the
   * page's early one, when neither `url` nor `WebSocketImpl` is given).
   */
  early?: () => EarlyEventSocket | undefined;
}

type EventListener = (event: LxdEvent) => void;
type StatusListener = (status: EventSocketStatus) => void;

const listen = <T>(set: Set<T>, listener: T) => {
  set.add(listener);
  return () => {
    set.delete(listener);
  };
};

export class EventSocket {
  private readonly timers: EventTimers;
  private readonly now: () => number;
  private readonly logger: Pick<Console, 'warn' | 'error'>;
  private readonly listeners = new Set<EventListener>();
  private readonly statusListeners = new Set<StatusListener>();
  private socket: EventWebSocket | null = null;
  private openedAt: number | null = null;
  private attempt = 0;
  private failedRounds = 0;
  private timer: unknown = null;
  private running = false;
  private earlyTaken = false;
  private current: EventSocketStatus = {
    state: 'not connected',
    error: null,
    lastCloseReason: null,
    connectedAt: null,
  };

  constructor(private readonly options: EventSocketOptions = {}) {
    this.timers = options.timers ?? defaultTimers;
    this.now = options.now ?? Date.now;
    this.logger = options.logger ?? console;
  }

  get status(): EventSocketStatus {
    return this.current;
  }

  /** Listens to parsed events; returns the unsubscribe function. */
  subscribe(listener: EventListener): () => void {
    return listen(this.listeners, listener);
  }

  /** Listens to state changes; returns the unsubscribe function. */
  onStatus(listener: StatusListener): () => void {
    return listen(this.statusListeners, listener);
  }

  /** Starts the first round of connect attempts (does nothing when already started). */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.beginRound();
  }

  /** Closes the connection and stops every retry. */
  stop(): void {
    this.running = false;
    this.clearTimer();
    this.detach()?.close(1000);
    this.failedRounds = 0;
    this.setStatus({ state: 'not connected', error: null, connectedAt: null });
  }

  /** The tab became visible: reconnect when missing, recycle a connection older than 1 hour. */
  onVisible(): void {
    if (!this.running) return;
    if (!this.socket) {
      this.beginRound();
      return;
    }
    if (this.openedAt !== null && this.now() - this.openedAt > EVENT_MAX_CONNECTION_AGE_MS) {
      this.detach()?.close(1000);
      this.setStatus({ state: 'not connected', connectedAt: null });
      this.beginRound();
    }
  }

  /** The browser is online again: reconnect when missing. */
  onOnline(): void {
    if (this.running && !this.socket) this.beginRound();
  }

  private beginRound(): void {
    this.clearTimer();
    this.attempt = 0;
    this.connect();
  }

  private connect(): void {
    this.clearTimer();
    this.attempt += 1;
    const early = this.takeEarly();
    const Impl = this.options.WebSocketImpl ?? (WebSocket as unknown as EventWebSocketConstructor);
    let socket: EventWebSocket;
    try {
      socket = early?.socket ?? new Impl(this.options.url ?? eventsUrl());
    } catch (error) {
      this.logger.error('Could not open the event stream', error);
      this.afterFailedAttempt();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.openedAt = this.now();
      this.failedRounds = 0;
      this.setStatus({ state: 'connected', error: null, connectedAt: this.openedAt });
    };
    socket.onmessage = (message) => {
      if (this.socket === socket) this.receive(message.data);
    };
    socket.onerror = () => {
      // Browsers follow an error with a close; handle it now in case one never comes.
      if (this.socket !== socket) return;
      this.closed(1006);
      socket.close();
    };
    socket.onclose = (event) => {
      if (this.socket === socket) this.closed(event.code);
    };
    if (early) {
      // What happened on the early stream so far, in order, before anything newer.
      if (early.open) socket.onopen({});
      const messages = early.messages.splice(0);
      for (const data of messages) if (this.socket === socket) this.receive(data);
    }
  }

  /** The early stream, for the first attempt only. */
  private takeEarly(): EarlyEventSocket | undefined {
    if (this.earlyTaken) return undefined;
    this.earlyTaken = true;
    const { early, url, WebSocketImpl } = this.options;
    if (early) return early();
    return url === undefined && WebSocketImpl === undefined ? takeEarlyEventSocket() : undefined;
  }

  private closed(code: number): void {
    const lived = this.openedAt === null ? null : this.now() - this.openedAt;
    this.detach();
    this.setStatus({
      state: 'not connected',
      connectedAt: null,
      lastCloseReason: closeCodeText(code),
    });
    if (!this.running) return;
    if (lived !== null && lived >= EVENT_STABLE_CONNECTION_MS) this.beginRound();
    else this.afterFailedAttempt();
  }

  private afterFailedAttempt(): void {
    if (this.attempt < EVENT_CONNECT_ATTEMPTS) {
      this.timer = this.timers.setTimeout(() => {
        this.timer = null;
        this.connect();
      }, EVENT_RETRY_DELAY_MS * this.attempt);
      return;
    }
    // The round failed: report it, then try a new round later (see the header comment).
    this.setStatus({ error: EVENT_CONNECT_ERROR });
    const delay = Math.min(EVENT_ROUND_RETRY_MS * 2 ** this.failedRounds, EVENT_ROUND_RETRY_MAX_MS);
    this.failedRounds += 1;
    this.timer = this.timers.setTimeout(() => {
      this.timer = null;
      this.beginRound();
    }, delay);
  }

  /** Non-text data (and text that is not a JSON event) is logged and ignored (spec §8). */
  private receive(data: unknown): void {
    let event: Partial<LxdEvent> | null = null;
    try {
      event = typeof data === 'string' ? (JSON.parse(data) as Partial<LxdEvent>) : null;
    } catch {
      event = null;
    }
    if (typeof event?.type !== 'string') {
      this.logger.warn('Ignoring event data that is not a text JSON event', data);
      return;
    }
    for (const listener of this.listeners) {
      try {
        listener(event as LxdEvent);
      } catch (error) {
        this.logger.error('An event listener failed', error);
      }
    }
  }

  /** Forgets the current socket (its late callbacks are ignored) and returns it. */
  private detach(): EventWebSocket | null {
    const socket = this.socket;
    if (socket) socket.onopen = socket.onmessage = socket.onerror = socket.onclose = null;
    this.socket = null;
    this.openedAt = null;
    return socket;
  }

  private clearTimer(): void {
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
  }

  private setStatus(change: Partial<EventSocketStatus>): void {
    const next = { ...this.current, ...change };
    if (JSON.stringify(next) === JSON.stringify(this.current)) return;
    this.current = next;
    for (const listener of this.statusListeners) listener(next);
  }
}
