import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchServer } from '../../lxd/endpoints/server';

export const serverKeys = {
  all: ['server'] as const,
};

/**
 * The settings change rarely, and every change reaches this key (config-updated events and the
 * settings mutations invalidate it), so screens that mount later reuse the answer for 30 s
 * instead of asking GET /1.0 again each time.
 */
export const SERVER_STALE_TIME_MS = 30_000;

export const serverQuery = queryOptions({
  queryKey: serverKeys.all,
  queryFn: ({ signal }) => fetchServer(signal),
  staleTime: SERVER_STALE_TIME_MS,
});

/** The server settings (GET /1.0), shared by every screen. */
export function useServer() {
  return useQuery(serverQuery);
}
