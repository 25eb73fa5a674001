/**
 * Test helpers of the activity feature: journal entries, and a console server in `fetch` that
 * answers `/console/activity` and `/console/remotes` (and LXD's `/1.0/…` with an empty list).
 */
import { vi } from 'vitest';
import type { ActivityEntry, ActivityJournal } from './api';

export function activityEntry(over: Partial<ActivityEntry> = {}): ActivityEntry {
  return {
    id: '1',
    time: '2026-05-01T12:00:00Z',
    kind: 'lifecycle',
    action: 'instance-started',
    outcome: 'success',
    remote: 'local',
    project: 'default',
    resourceType: 'instance',
    resource: '/1.0/instances/c1',
    name: 'c1',
    user: 'admin',
    identity: '',
    protocol: 'tls',
    address: '10.0.0.1:5555',
    consoleUser: null,
    viaConsole: false,
    message: '',
    until: null,
    ...over,
  };
}

export const OK_JOURNAL: ActivityJournal = { state: 'ok', pending: 0, message: '' };

export interface ActivityAnswer {
  status?: number;
  body: unknown;
}

export interface FakeConsole {
  /** Every URL asked, in order. */
  calls: string[];
  /** The `/console/activity` requests' parameters, in order. */
  activity: () => URLSearchParams[];
}

/**
 * Stubs fetch: `answer` gets each `/console/activity` request's parameters (404 when it gives
 * nothing); `/console/remotes` lists `remotes` (null: 404, LXD serves the console).
 */
export function fakeConsoleServer(
  answer: (params: URLSearchParams) => ActivityAnswer | undefined,
  remotes: { name: string; default: boolean }[] | null = [{ name: 'local', default: true }],
): FakeConsole {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      calls.push(url);
      const parsed = new URL(url, 'http://console.test');
      const json = (status: number, body: unknown) =>
        Promise.resolve(new Response(JSON.stringify(body), { status }));
      if (parsed.pathname === '/console/activity') {
        const reply = answer(parsed.searchParams);
        return reply
          ? json(reply.status ?? 200, reply.body)
          : json(404, { type: 'error', error: 'not found', error_code: 404 });
      }
      if (parsed.pathname === '/console/remotes') {
        return remotes
          ? json(200, {
              remotes: remotes.map((remote) => ({
                ...remote,
                url: 'unix://',
                state: 'online',
                kind: 'lxd',
                version: '5.0.2',
                clustered: false,
              })),
            })
          : json(404, { type: 'error', error: 'not found', error_code: 404 });
      }
      return json(200, { type: 'sync', status: 'Success', status_code: 200, metadata: [] });
    }),
  );
  return {
    calls,
    activity: () =>
      calls
        .map((url) => new URL(url, 'http://console.test'))
        .filter((url) => url.pathname === '/console/activity')
        .map((url) => url.searchParams),
  };
}

/** A journal answer: `entries` newest first. */
export function page(
  entries: ActivityEntry[],
  more = false,
  journal: ActivityJournal = OK_JOURNAL,
): ActivityAnswer {
  return { body: { entries, more, journal } };
}
