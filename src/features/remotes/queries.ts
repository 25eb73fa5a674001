import { queryOptions, useQuery } from '@tanstack/react-query';
import { hasSwitcher } from './model';
import { fetchRemotes, type ConsoleRemote } from './remotes';

/** How often the remotes' states are asked again while the switcher is shown. */
export const REMOTES_REFETCH_MS = 10_000;

export const remotesKeys = { all: ['console-remotes'] as const };

/** The answer a route asked for before its page's code loaded, used if this recent. */
const EARLY_REMOTES_MAX_AGE_MS = 5000;
let early: { remotes: Promise<ConsoleRemote[] | null>; at: number } | undefined;

/**
 * Asks for the remotes at once (a route's loader: the fleet's pages), while the app signs in
 * and loads the page's code; the query's first load takes this answer.
 */
export function prefetchRemotes(): Promise<ConsoleRemote[] | null> {
  const remotes = fetchRemotes();
  remotes.catch(() => undefined);
  early = { remotes, at: Date.now() };
  return remotes;
}

function takeEarly() {
  const entry = early;
  early = undefined;
  return entry && Date.now() - entry.at <= EARLY_REMOTES_MAX_AGE_MS ? entry.remotes : undefined;
}

export const remotesQuery = queryOptions({
  queryKey: remotesKeys.all,
  queryFn: ({ signal }) =>
    (takeEarly() ?? Promise.reject(new Error('none'))).catch(() => fetchRemotes(signal)),
});

/**
 * The console server's remotes (null: LXD serves the console, one remote). Asked again every
 * 10 s while the switcher is shown: a remote's state changes while the page is open.
 */
export function useRemotes() {
  return useQuery({
    ...remotesQuery,
    refetchInterval: (query) => (hasSwitcher(query.state.data) ? REMOTES_REFETCH_MS : false),
  });
}
