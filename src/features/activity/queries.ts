/**
 * The journal as the tables read it: pages newest first ("Load more" asks `before` the oldest
 * shown), a live tail that asks `after` the newest every second while the tab is visible and puts
 * what comes first, and, when there is no console server (404), this tab's own events.
 */
import {
  useInfiniteQuery,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { useMemo, useSyncExternalStore } from 'react';
import { currentRemote } from '../../lxd/remote';
import { pageRemoteName, useRemotes, type ConsoleRemote } from '../remotes';
import {
  fetchActivity,
  type ActivityEntry,
  type ActivityFilter,
  type ActivityJournal,
  type ActivityPage,
  type NoJournal,
} from './api';
import { activityKeyRoot, onSessionEvents, sessionEvents, type SessionEvent } from './events';
import { ACTIVITY_PAGE_SIZE, takeEarly } from './early';
import { matchesFilter } from './filters';
import { sessionEntry } from './model';

export { ACTIVITY_PAGE_SIZE };
/** How often the live tail asks for what is new. */
export const LIVE_POLL_MS = 1000;
/** The most entries one tail request brings (the server's maximum). */
export const LIVE_TAIL_LIMIT = 500;
/**
 * The most entries a table keeps: past it, the live tail drops the oldest (and "Load more" asks
 * for them again).
 */
export const ACTIVITY_ROW_LIMIT = 1000;

export const activityKeys = {
  all: activityKeyRoot,
  list: (filter: ActivityFilter) => [...activityKeyRoot, 'list', filter] as const,
  tail: (filter: ActivityFilter) => [...activityKeyRoot, 'tail', filter] as const,
};

/** A page of the list; `noJournal`: there is none to read (404), with the server's reason. */
interface FeedPage extends ActivityPage {
  noJournal: NoJournal | null;
}

type FeedData = InfiniteData<FeedPage, string>;

/** Compares ids as the whole numbers they are (they grow as entries are written). */
function compareIds(a: string, b: string): number {
  return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
}

/** The journal's order: newest first, by time then id. */
export function newestFirst(a: ActivityEntry, b: ActivityEntry): number {
  return Date.parse(b.time) - Date.parse(a.time) || compareIds(b.id, a.id);
}

/** The entry written last (the highest id): the live tail asks for what came after it. */
export function lastWritten(entries: readonly ActivityEntry[]): string | undefined {
  let last: string | undefined;
  for (const entry of entries) {
    if (last === undefined || compareIds(entry.id, last) > 0) last = entry.id;
  }
  return last;
}

/**
 * The list with `entries` (written after what it holds) in their place: newest first, as the
 * server orders them (an entry kept while the database was away comes late with an older time).
 * While older entries remain to be loaded, one older than the oldest shown is left for "Load
 * more". Past `limit` the oldest go. The list becomes one page ("Load more" follows on from its
 * oldest entry).
 */
export function mergeEntries(
  data: FeedData | undefined,
  entries: readonly ActivityEntry[],
  limit = ACTIVITY_ROW_LIMIT,
): FeedData | undefined {
  const first = data?.pages[0];
  const last = data?.pages[data.pages.length - 1];
  if (!data || !first || !last) return data;
  const loaded = data.pages.flatMap((page) => page.entries);
  const known = new Set(loaded.map((entry) => entry.id));
  const oldest = loaded[loaded.length - 1];
  const fresh = entries.filter(
    (entry) => !known.has(entry.id) && !(last.more && oldest && newestFirst(entry, oldest) > 0),
  );
  if (fresh.length === 0) return data;
  const merged = [...fresh, ...loaded].sort(newestFirst);
  return {
    pages: [
      {
        ...first,
        entries: merged.slice(0, limit),
        more: last.more || merged.length > limit,
      },
    ],
    pageParams: [''],
  };
}

/** Asks what was written after the list's entries and merges it in; answers the journal. */
async function pollTail(
  client: QueryClient,
  filter: ActivityFilter,
  signal: AbortSignal,
): Promise<ActivityJournal | null> {
  const listKey = activityKeys.list(filter);
  const loaded = client.getQueryData<FeedData>(listKey)?.pages.flatMap((page) => page.entries);
  const after = lastWritten(loaded ?? []);
  if (after === undefined) {
    // Nothing yet: the first page again.
    await client.refetchQueries({ queryKey: listKey, exact: true });
    return client.getQueryData<FeedData>(listKey)?.pages[0]?.journal ?? null;
  }
  const page = await fetchActivity(filter, { after, limit: LIVE_TAIL_LIMIT }, signal);
  if ('reason' in page) return null;
  if (page.more) {
    // More came than one answer holds: start again from the newest page.
    await client.resetQueries({ queryKey: listKey, exact: true });
  } else if (page.entries.length > 0) {
    client.setQueryData<FeedData>(listKey, (data) => mergeEntries(data, page.entries));
  }
  return page.journal;
}

/** The page's remote as the journal names it, and the console server's remotes. */
export function usePageRemote(): {
  remotes: readonly ConsoleRemote[] | null | undefined;
  /** The page's remote's name; undefined where there is no list of remotes. */
  name: string | undefined;
  /** Still asking for the remotes. */
  pending: boolean;
} {
  const remotes = useRemotes();
  const data = remotes.data;
  return {
    remotes: data,
    name: data ? pageRemoteName(data) : (currentRemote() ?? undefined),
    // A failed first answer is not waited on through its retries: no remote then.
    pending: remotes.isPending && remotes.failureCount === 0,
  };
}

export interface ActivityFeed {
  /** The first page has not answered yet (or is not asked yet: `enabled` is false). */
  pending: boolean;
  entries: readonly ActivityEntry[];
  /** Why the journal could not be read (a refused filter is an ActivityFilterError). */
  error: unknown;
  /** No journal to read (404): the entries are this tab's events. */
  unavailable: boolean;
  /** Then, the console server's reason ('' when LXD serves the console: no console server). */
  unavailableReason: string;
  journal: ActivityJournal | null;
  hasMore: boolean;
  loadingMore: boolean;
  loadMore: () => void;
  /** Whether the live tail can run: a journal, and no end time. */
  canFollow: boolean;
  retry: () => void;
}

const subscribeNothing = () => () => undefined;
const EMPTY: readonly SessionEvent[] = [];
const NO_EVENTS = () => EMPTY;

/**
 * The entries `filter` selects (times in ISO 8601), newest first. `enabled: false` asks nothing
 * (filters with problems); `live` runs the tail.
 */
export function useActivityFeed(
  filter: ActivityFilter,
  { enabled = true, live = true }: { enabled?: boolean; live?: boolean } = {},
): ActivityFeed {
  const client = useQueryClient();
  const list = useInfiniteQuery({
    queryKey: activityKeys.list(filter),
    queryFn: async ({ pageParam, signal }): Promise<FeedPage> => {
      const page = await ((!pageParam && takeEarly(filter)) ||
        fetchActivity(
          filter,
          { before: pageParam || undefined, limit: ACTIVITY_PAGE_SIZE },
          signal,
        ));
      return 'reason' in page
        ? { entries: [], more: false, journal: null, noJournal: page }
        : { ...page, noJournal: null };
    },
    initialPageParam: '',
    getNextPageParam: (last) => (last.more ? last.entries[last.entries.length - 1]?.id : undefined),
    enabled,
    // The tail keeps it current; refetching every page would ask for them all again.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
  const noJournal = list.data?.pages[0]?.noJournal ?? null;
  const unavailable = noJournal !== null;
  const canFollow = !filter.until && !unavailable;
  const tail = useQuery({
    queryKey: activityKeys.tail(filter),
    queryFn: ({ signal }) => pollTail(client, filter, signal),
    enabled: enabled && live && canFollow && list.isSuccess,
    refetchInterval: LIVE_POLL_MS,
    // Paused while the tab is hidden; caught up when it shows again.
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

  const events = useSyncExternalStore(
    unavailable ? onSessionEvents : subscribeNothing,
    unavailable ? sessionEvents : NO_EVENTS,
  );
  const remote = currentRemote() ?? '';
  const pages = list.data?.pages;
  const entries = useMemo(() => {
    if (unavailable) {
      return events
        .map((record) => sessionEntry(record, remote))
        .filter((entry) => matchesFilter(entry, filter));
    }
    return pages?.flatMap((page) => page.entries) ?? [];
  }, [unavailable, events, remote, filter, pages]);

  const lastPage = pages?.[pages.length - 1];
  const journal =
    tail.data && tail.dataUpdatedAt >= list.dataUpdatedAt
      ? tail.data
      : (lastPage?.journal ?? pages?.[0]?.journal ?? null);

  return {
    pending: list.isPending,
    entries,
    error: list.error,
    unavailable,
    unavailableReason: noJournal?.reason ?? '',
    journal,
    hasMore: list.hasNextPage,
    loadingMore: list.isFetchingNextPage,
    loadMore: () => void list.fetchNextPage(),
    canFollow,
    retry: () => void list.refetch(),
  };
}
