import { queryOptions, useQuery } from '@tanstack/react-query';
import { hasSwitcher } from './model';
import { fetchRemotes } from './remotes';

/** How often the remotes' states are asked again while the switcher is shown. */
export const REMOTES_REFETCH_MS = 10_000;

export const remotesKeys = { all: ['console-remotes'] as const };

export const remotesQuery = queryOptions({
  queryKey: remotesKeys.all,
  queryFn: ({ signal }) => fetchRemotes(signal),
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
