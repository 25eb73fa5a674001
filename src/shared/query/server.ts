import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchServer, fetchServerWithEntitlements } from '../../lxd/endpoints/server';
import { entitlementsParam, type FineGrained } from '../permissions/entitlements';
import { ENTITY_ENTITLEMENTS } from '../permissions/rules';

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

/**
 * The server with the caller's server-level entitlements (spec §6), asked only of fine-grained
 * identities; under the server key, so whatever refreshes the settings refreshes it too.
 */
export function serverEntitlementsQuery(isFineGrained: FineGrained) {
  const entitlements = entitlementsParam(isFineGrained, ENTITY_ENTITLEMENTS.server) ?? '';
  return queryOptions({
    queryKey: [...serverKeys.all, 'entitlements', entitlements] as const,
    queryFn: ({ signal }) => fetchServerWithEntitlements(entitlements, signal),
    enabled: isFineGrained === true,
    staleTime: SERVER_STALE_TIME_MS,
  });
}

/** The server settings (GET /1.0), shared by every screen. */
export function useServer() {
  return useQuery(serverQuery);
}
