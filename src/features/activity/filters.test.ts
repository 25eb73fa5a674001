import { describe, expect, it } from 'vitest';
import { activityExportUrl, activitySearch, readActivityEntry, type ActivityEntry } from './api';
import {
  INVALID_RESOURCE,
  SINCE_AFTER_UNTIL,
  invalidTime,
  filterProblems,
  matchesFilter,
  parseFilterTime,
  readFilter,
  requestFilter,
} from './filters';
import { resourcePath, sessionEntry, viaConsoleText } from './model';
import { lastWritten, mergeEntries } from './queries';
import { activityEntry, OK_JOURNAL } from './testing';

describe('activity filter times', () => {
  it('reads ISO 8601 with a zone, and a date and time without one as the browser’s', () => {
    expect(parseFilterTime('2026-05-01T12:00:00Z')?.toISOString()).toBe('2026-05-01T12:00:00.000Z');
    expect(parseFilterTime('2026-05-01T14:30:00+02:00')?.toISOString()).toBe(
      '2026-05-01T12:30:00.000Z',
    );
    expect(parseFilterTime('2026-05-01 14:30')?.getTime()).toBe(
      new Date(2026, 4, 1, 14, 30).getTime(),
    );
    expect(parseFilterTime('2026-05-01')?.getTime()).toBe(new Date(2026, 4, 1).getTime());
    expect(parseFilterTime('2026-05-01T12:00:00.123456Z')?.toISOString()).toBe(
      '2026-05-01T12:00:00.123Z',
    );
  });

  it.each(['yesterday', '2026-04-31', '2026-13-01', '2026-05-01 24:00', '1714564800', ''])(
    'refuses %j',
    (value) => {
      expect(parseFilterTime(value)).toBeNull();
    },
  );
});

describe('activity filter problems', () => {
  it('says what is wrong next to each field', () => {
    expect(filterProblems({ since: 'yesterday', until: 'soon' })).toEqual({
      since:
        'From must be a date and time: YYYY-MM-DD HH:MM in your time zone, or ISO 8601 such as 2026-11-29T14:00:00Z.',
      until: invalidTime('To'),
    });
    expect(
      filterProblems({ since: '2026-05-02T00:00:00Z', until: '2026-05-01T00:00:00Z' }),
    ).toEqual({ since: SINCE_AFTER_UNTIL });
    // The same time is a range of one instant, as the server takes it.
    expect(
      filterProblems({ since: '2026-05-01T00:00:00Z', until: '2026-05-01T00:00:00Z' }),
    ).toEqual({});
    expect(filterProblems({ type: 'instances' })).toEqual({
      type: '"instances" is not a resource type.',
    });
    expect(filterProblems({ resource: 'instances/c1' })).toEqual({ resource: INVALID_RESOURCE });
    expect(filterProblems({ resource: '/1.0/instances/c1?project=p' })).toEqual({
      resource: INVALID_RESOURCE,
    });
    expect(
      filterProblems({
        user: 'alice',
        type: 'instance',
        resource: '/1.0/instances/c1',
        since: '2026-05-01',
        until: '2026-05-02',
      }),
    ).toEqual({});
  });

  it('reads the address and writes what the server gets, times in UTC', () => {
    const filter = readFilter(
      new URLSearchParams('user=alice&action=&type=instance&since=2026-05-01T14:00:00%2B02:00&x=1'),
    );
    expect(filter).toEqual({ user: 'alice', type: 'instance', since: '2026-05-01T14:00:00+02:00' });
    const request = requestFilter(filter);
    expect(request.since).toBe('2026-05-01T12:00:00.000Z');
    expect(activitySearch(request, { before: '42', limit: 100 }).toString()).toBe(
      'user=alice&type=instance&since=2026-05-01T12%3A00%3A00.000Z&before=42&limit=100',
    );
    expect(activityExportUrl('jsonl', { project: 'p1', user: 'bob' })).toBe(
      '/console/activity/export?format=jsonl&user=bob&project=p1',
    );
  });
});

describe('activity entries', () => {
  it('match filters as the server does: user of LXD or the console, a resource and below', () => {
    const entry = activityEntry({
      resource: '/1.0/instances/c1/snapshots/s0?project=p1',
      project: 'p1',
      consoleUser: 'alice',
    });
    expect(matchesFilter(entry, { user: 'alice' })).toBe(true);
    expect(matchesFilter(entry, { user: 'admin' })).toBe(true);
    expect(matchesFilter(entry, { user: 'bob' })).toBe(false);
    expect(matchesFilter(entry, { resource: '/1.0/instances/c1', project: 'p1' })).toBe(true);
    expect(matchesFilter(entry, { resource: '/1.0/instances/c' })).toBe(false);
    expect(matchesFilter(entry, { project: 'default' })).toBe(false);
    expect(matchesFilter(entry, { since: '2026-05-01T12:00:01.000Z' })).toBe(false);
    expect(matchesFilter(entry, { until: '2026-05-01T12:00:01.000Z' })).toBe(true);
  });

  it('link to the resource’s page unless it was deleted', () => {
    expect(resourcePath(activityEntry({ resource: '/1.0/instances/c1?project=p1' }))).toBe(
      '/project/p1/instance/c1',
    );
    expect(
      resourcePath(
        activityEntry({
          resourceType: 'storage-volume',
          resource: '/1.0/storage-pools/pool1/volumes/custom/v1?project=p1',
        }),
      ),
    ).toBe('/project/p1/storage/pool/pool1/volumes/custom/v1');
    expect(
      resourcePath(activityEntry({ resourceType: 'project', resource: '/1.0/projects/p2' })),
    ).toBe('/project/p2/configuration');
    expect(resourcePath(activityEntry({ action: 'instance-deleted' }))).toBeUndefined();
    expect(resourcePath(activityEntry({ kind: 'gap', resource: '' }))).toBeUndefined();
  });

  it('say how the console took part', () => {
    expect(viaConsoleText({ consoleUser: 'alice', viaConsole: true })).toBe('via console as alice');
    expect(viaConsoleText({ consoleUser: null, viaConsole: true })).toBe('via console');
    expect(viaConsoleText({ consoleUser: null, viaConsole: false })).toBe('');
  });

  it('read the server’s answer, leaving out entries without an id', () => {
    expect(readActivityEntry({ action: 'x' })).toBeNull();
    expect(readActivityEntry({ id: 7, kind: 'gap', message: 'm' })).toMatchObject({
      id: '7',
      kind: 'gap',
      outcome: 'gap',
      consoleUser: null,
      until: null,
    });
  });

  it('turn this tab’s lifecycle events into entries', () => {
    const entry = sessionEntry(
      {
        seq: 3,
        event: {
          type: 'lifecycle',
          timestamp: '2026-05-01T12:00:00Z',
          project: 'p1',
          metadata: {
            action: 'instance-snapshot-created',
            source: '/1.0/instances/c1/snapshots/s0?project=p1',
            requestor: { username: 'alice', protocol: 'tls', address: '10.0.0.2' },
          },
        },
      },
      'local',
    );
    expect(entry).toMatchObject({
      id: 'session-3',
      action: 'instance-snapshot-created',
      project: 'p1',
      resourceType: 'snapshot',
      name: 'c1/s0',
      user: 'alice',
      remote: 'local',
      outcome: 'success',
    });
  });
});

describe('the live tail', () => {
  /** An entry written as `id`, at minute `minute` past noon. */
  const at = (id: string, minute: number) =>
    activityEntry({ id, time: `2026-05-01T12:${String(minute).padStart(2, '0')}:00.000Z` });
  const data = (pages: ActivityEntry[][], more = false) => ({
    pages: pages.map((entries, index) => ({
      entries,
      more: more || index < pages.length - 1,
      journal: OK_JOURNAL,
      noJournal: null,
    })),
    pageParams: pages.map((_, index) => (index === 0 ? '' : (pages[index - 1]?.at(-1)?.id ?? ''))),
  });
  const ids = (next: ReturnType<typeof mergeEntries>) =>
    next?.pages.map((one) => one.entries.map((entry) => entry.id));

  it('asks after the entry written last, ids compared as numbers', () => {
    expect(lastWritten([at('9', 5), at('10', 1), at('2', 9)])).toBe('10');
    expect(lastWritten([])).toBeUndefined();
  });

  it('puts new entries in the journal’s order, once each', () => {
    const next = mergeEntries(data([[at('3', 3), at('2', 2)], [at('1', 1)]]), [
      at('5', 5),
      at('4', 4),
      at('3', 3),
    ]);
    expect(ids(next)).toEqual([['5', '4', '3', '2', '1']]);
    expect(next?.pages[0]?.more).toBe(false);
  });

  it('places an entry written late with an older time where it belongs', () => {
    const next = mergeEntries(data([[at('3', 3), at('1', 1)]]), [at('4', 2)]);
    expect(ids(next)).toEqual([['3', '4', '1']]);
  });

  it('leaves an entry older than the oldest shown to "Load more" while there are more', () => {
    const next = mergeEntries(data([[at('3', 3), at('2', 2)]], true), [at('5', 1), at('4', 4)]);
    expect(ids(next)).toEqual([['4', '3', '2']]);
    expect(next?.pages[0]?.more).toBe(true);
  });

  it('keeps at most the limit, and the rest can be loaded again', () => {
    const next = mergeEntries(
      data([[at('3', 3), at('2', 2)], [at('1', 1)]]),
      [at('5', 5), at('4', 4)],
      4,
    );
    expect(ids(next)).toEqual([['5', '4', '3', '2']]);
    expect(next?.pages[0]?.more).toBe(true);
  });
});
