import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CLOSE_CODE_TEXTS,
  EVENT_CONNECT_ATTEMPTS,
  EVENT_CONNECT_ERROR,
  EVENT_HANDLER_DELAY_MS,
  EVENT_MAX_CONNECTION_AGE_MS,
  EVENT_RETRY_DELAY_MS,
  EVENTS_PATH,
  EventSocket,
  OPERATIONS_REFETCH_DEBOUNCE_MS,
  closeCodeText,
  eventsUrl,
  takeEarlyEventSocket,
  type EventWebSocket,
  type LxdEvent,
} from './events';

class FakeSocket implements EventWebSocket {
  static all: FakeSocket[] = [];
  onopen: EventWebSocket['onopen'] = null;
  onclose: EventWebSocket['onclose'] = null;
  onerror: EventWebSocket['onerror'] = null;
  onmessage: EventWebSocket['onmessage'] = null;
  closed = false;
  readonly openedAt = Date.now();
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  close() {
    this.closed = true;
  }
  open() {
    this.onopen?.({});
  }
  /** Browsers fire `error` before an abnormal close (1006) only. */
  fail(code = 1006) {
    if (code === 1006) this.onerror?.({});
    this.onclose?.({ code, reason: '' });
  }
  send(data: unknown) {
    this.onmessage?.({ data });
  }
}

const logger = { warn: vi.fn(), error: vi.fn() };

function createSocket() {
  return new EventSocket({ url: 'ws://h/1.0/events', WebSocketImpl: FakeSocket, logger });
}

const last = () => {
  const socket = FakeSocket.all.at(-1);
  if (!socket) throw new Error('no socket');
  return socket;
};

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.all = [];
  logger.warn.mockClear();
  logger.error.mockClear();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('event stream constants (spec §9)', () => {
  it('has the numbers of the spec', () => {
    expect(EVENT_CONNECT_ATTEMPTS).toBe(5);
    expect(EVENT_RETRY_DELAY_MS).toBe(250);
    expect(EVENT_HANDLER_DELAY_MS).toBe(250);
    expect(EVENT_MAX_CONNECTION_AGE_MS).toBe(3_600_000);
    expect(OPERATIONS_REFETCH_DEBOUNCE_MS).toBe(2000);
    expect(EVENT_CONNECT_ERROR).toBe('Failed to connect to event api');
  });

  it('subscribes to operation and lifecycle events of all projects on the page origin', () => {
    expect(EVENTS_PATH).toBe('/1.0/events?type=operation,lifecycle&all-projects=true');
    expect(eventsUrl({ protocol: 'https:', host: 'lxd:8443' })).toBe(
      'wss://lxd:8443/1.0/events?type=operation,lifecycle&all-projects=true',
    );
    expect(eventsUrl({ protocol: 'http:', host: '127.0.0.1:8407' })).toBe(
      'ws://127.0.0.1:8407/1.0/events?type=operation,lifecycle&all-projects=true',
    );
  });
});

describe('EventSocket', () => {
  it('goes from not connected to connected and back on close', () => {
    const events = createSocket();
    const states: string[] = [];
    events.onStatus((status) => states.push(status.state));
    expect(events.status.state).toBe('not connected');
    events.start();
    last().open();
    expect(events.status.state).toBe('connected');
    vi.advanceTimersByTime(5000);
    last().fail(1001);
    expect(states).toEqual(['connected', 'not connected']);
    expect(events.status.lastCloseReason).toBe(CLOSE_CODE_TEXTS[1001]);
  });

  it('tries 5 times, 250 ms × attempt apart, then reports the error', () => {
    const events = createSocket();
    const attemptsAt: number[] = [];
    const start = Date.now();
    events.start();
    for (let i = 0; i < 5; i++) {
      attemptsAt.push(Date.now() - start);
      expect(FakeSocket.all).toHaveLength(i + 1);
      expect(events.status.error).toBeNull();
      last().fail();
      if (i < 4) vi.advanceTimersByTime(EVENT_RETRY_DELAY_MS * (i + 1));
    }
    expect(attemptsAt).toEqual([0, 250, 750, 1500, 2500]);
    expect(events.status.error).toBe('Failed to connect to event api');
    expect(events.status.state).toBe('not connected');
    // No 6th attempt within the round.
    vi.advanceTimersByTime(1250);
    expect(FakeSocket.all).toHaveLength(5);
  });

  it('starts a new round later, and clears the error once connected', () => {
    const events = createSocket();
    events.start();
    for (let i = 0; i < 5; i++) {
      last().fail();
      vi.advanceTimersByTime(EVENT_RETRY_DELAY_MS * (i + 1));
    }
    expect(events.status.error).toBe(EVENT_CONNECT_ERROR);
    const before = FakeSocket.all.length;
    vi.advanceTimersByTime(5000);
    expect(FakeSocket.all.length).toBe(before + 1);
    last().open();
    expect(events.status).toMatchObject({ state: 'connected', error: null });
  });

  it('starts a new round at once when the tab becomes visible or the browser is online', () => {
    const events = createSocket();
    events.start();
    for (let i = 0; i < 5; i++) {
      last().fail();
      vi.advanceTimersByTime(EVENT_RETRY_DELAY_MS * (i + 1));
    }
    const before = FakeSocket.all.length;
    events.onVisible();
    expect(FakeSocket.all.length).toBe(before + 1);
    last().fail();
    events.onOnline();
    expect(FakeSocket.all.length).toBe(before + 2);
  });

  it('reconnects at once when a stable connection drops (a restarted daemon)', () => {
    const events = createSocket();
    events.start();
    last().open();
    vi.advanceTimersByTime(60_000);
    last().onclose?.({ code: 1006, reason: '' });
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('does nothing on visibility when connected and younger than 1 hour', () => {
    const events = createSocket();
    events.start();
    last().open();
    vi.advanceTimersByTime(EVENT_MAX_CONNECTION_AGE_MS);
    events.onVisible();
    expect(FakeSocket.all).toHaveLength(1);
    expect(last().closed).toBe(false);
  });

  it('closes a connection older than 1 hour on visibility to force a reconnect', () => {
    const events = createSocket();
    events.start();
    const first = last();
    first.open();
    vi.advanceTimersByTime(EVENT_MAX_CONNECTION_AGE_MS + 1);
    events.onVisible();
    expect(first.closed).toBe(true);
    expect(FakeSocket.all).toHaveLength(2);
    expect(events.status.state).toBe('not connected');
    last().open();
    expect(events.status.state).toBe('connected');
  });

  it('passes parsed events to listeners and ignores non-text data', () => {
    const events = createSocket();
    const received: LxdEvent[] = [];
    const unsubscribe = events.subscribe((event) => received.push(event));
    events.start();
    last().open();
    const event = {
      type: 'lifecycle',
      timestamp: '2026-01-01T00:00:00Z',
      metadata: { action: 'instance-started', source: '/1.0/instances/c1' },
      project: 'default',
      location: 'none',
    };
    last().send(JSON.stringify(event));
    last().send(new ArrayBuffer(4));
    last().send('not json');
    expect(received).toEqual([event]);
    expect(logger.warn).toHaveBeenCalledTimes(2);
    unsubscribe();
    last().send(JSON.stringify(event));
    expect(received).toHaveLength(1);
  });

  it('stop closes the connection and stops retrying', () => {
    const events = createSocket();
    events.start();
    last().fail();
    events.stop();
    vi.advanceTimersByTime(100_000);
    expect(FakeSocket.all).toHaveLength(1);
    events.start();
    last().open();
    events.stop();
    expect(last().closed).toBe(true);
    expect(events.status.state).toBe('not connected');
  });
});

describe('close codes (spec §8)', () => {
  it.each([
    [1000, 'Normal closure'],
    [1001, 'Going away'],
    [1002, 'Protocol error'],
    [1003, 'type of data it cannot accept'],
    [1004, 'Reserved'],
    [1005, 'No status'],
    [1006, 'Abnormal closure'],
    [1007, 'inconsistent with its type'],
    [1008, 'violates its policy'],
    [1009, 'too big'],
    [1010, 'extension'],
    [1011, 'unexpected condition'],
    [1015, 'TLS handshake'],
  ])('explains %i', (code, text) => {
    expect(closeCodeText(code)).toContain(text);
  });

  it.each([999, 1012, 1013, 1014, 1016, 4000])('gives Unknown reason for %i', (code) => {
    expect(closeCodeText(code)).toBe('Unknown reason');
  });
});

describe('EventSocket and the early stream of index.html', () => {
  const event = (name: string) =>
    JSON.stringify({ type: 'lifecycle', timestamp: '', metadata: { action: name, source: '' } });

  function earlyStream(open: boolean) {
    const socket = new FakeSocket('ws://h/1.0/events');
    return {
      socket,
      messages: [event('instance-created'), event('instance-started')],
      open,
      closed: false,
    };
  }

  it('adopts the open early stream, replays what arrived in order, then goes on with it', () => {
    const early = earlyStream(true);
    const socket = new EventSocket({
      url: 'ws://h/1.0/events',
      WebSocketImpl: FakeSocket,
      logger,
      early: () => early,
    });
    const seen: string[] = [];
    socket.subscribe((e) => seen.push((e.metadata as { action: string }).action));
    socket.start();
    expect(FakeSocket.all).toHaveLength(1);
    expect(socket.status.state).toBe('connected');
    expect(seen).toEqual(['instance-created', 'instance-started']);
    expect(early.messages).toEqual([]);
    early.socket.send(event('instance-stopped'));
    expect(seen).toEqual(['instance-created', 'instance-started', 'instance-stopped']);
  });

  it('adopts a stream that is still connecting and reports it connected when it opens', () => {
    const early = earlyStream(false);
    const socket = new EventSocket({
      url: 'ws://h/1.0/events',
      WebSocketImpl: FakeSocket,
      logger,
      early: () => early,
    });
    socket.start();
    expect(socket.status.state).toBe('not connected');
    early.socket.open();
    expect(socket.status.state).toBe('connected');
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('takes the early stream for the first attempt only: a reconnect opens a new one', () => {
    const early = earlyStream(true);
    const socket = new EventSocket({
      url: 'ws://h/1.0/events',
      WebSocketImpl: FakeSocket,
      logger,
      early: () => early,
    });
    socket.start();
    early.socket.fail();
    vi.advanceTimersByTime(EVENT_RETRY_DELAY_MS);
    expect(FakeSocket.all).toHaveLength(2);
    expect(last()).not.toBe(early.socket);
  });

  it('leaves a closed early stream alone (window.__lxdEarlyEvents is taken once)', () => {
    const closed = { ...earlyStream(false), closed: true };
    window.__lxdEarlyEvents = closed;
    expect(takeEarlyEventSocket()).toBeUndefined();
    expect(window.__lxdEarlyEvents).toBeUndefined();
    const open = earlyStream(true);
    window.__lxdEarlyEvents = open;
    expect(takeEarlyEventSocket()).toBe(open);
    expect(takeEarlyEventSocket()).toBeUndefined();
  });
});
