import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import { fetchRemoteSummary, type RemoteSummary } from '../../lxd/endpoints/fleet';
import type { ListRows } from '../../shared/pages';
import { useRemotes, type ConsoleRemote } from '../remotes';
import { remoteFigures, type RemoteFigures } from './summary';

/** How often each remote's summary is asked again while the fleet screen is open. */
export const FLEET_REFETCH_MS = 15_000;

export const fleetKeys = {
  all: ['fleet'] as const,
  remote: (name: string) => ['fleet', 'remote', name] as const,
};

/** What is known of one remote's summary. */
export interface SummaryState {
  figures: RemoteFigures | undefined;
  pending: boolean;
  /** Why the last attempt failed (kept while older figures are shown). */
  error: string | undefined;
}

/** A remote on the fleet screen: what the console server says of it, and its own figures. */
export interface FleetRow {
  remote: ConsoleRemote;
  summary: SummaryState;
}

const states = (results: { data?: RemoteSummary; isPending: boolean; error: unknown }[]) =>
  results.map((result): SummaryState => ({
    figures: result.data ? remoteFigures(result.data) : undefined,
    pending: result.isPending,
    error: result.error instanceof Error ? result.error.message : undefined,
  }));

/**
 * Every remote of the console server with its summary, each asked of its own remote: a remote
 * that is down or slow holds up no other row. A remote that is not online is not asked; when the
 * console server says it is back (the remotes' state is asked again every 10 s) it is.
 */
export function useFleetRows(): ListRows<FleetRow> {
  const remotes = useRemotes();
  const list = remotes.data;
  const summaries = useQueries({
    queries: (list ?? []).map((remote) => ({
      queryKey: fleetKeys.remote(remote.name),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        fetchRemoteSummary(remote.default ? null : remote.name, signal),
      enabled: remote.state === 'online',
      refetchInterval: FLEET_REFETCH_MS,
      retry: 1,
    })),
    combine: states,
  });
  const rows = useMemo(
    () =>
      list === undefined
        ? undefined
        : (list ?? []).map((remote, index) => ({
            remote,
            summary: summaries[index] ?? { figures: undefined, pending: true, error: undefined },
          })),
    [list, summaries],
  );
  return { rows, query: remotes };
}
