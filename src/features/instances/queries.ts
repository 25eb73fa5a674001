/**
 * The instances' queries: the lists (names first, see ./list-load.ts) and each instance's live
 * state and snapshot count. Keys: ./keys.ts; the list's item: ./list-item.ts.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { fetchInstanceSnapshotUrls, fetchInstanceState } from '../../lxd/endpoints/instances';
import {
  assertFineGrainedKnown,
  entitlementsParam,
  type FineGrained,
} from '../../shared/permissions/entitlements';
import { ENTITY_ENTITLEMENTS } from '../../shared/permissions/rules';
import { instanceKeys, instanceListKey } from './keys';
import { toListItem, type InstanceList } from './list-item';
import { fetchFullList, loadList } from './list-load';
import { rowDetailLimiter } from './list-window';

/** What the screens check on each instance (fine-grained identities only). */
export function instanceEntitlements(isFineGrained: FineGrained): string | undefined {
  return entitlementsParam(isFineGrained, ENTITY_ENTITLEMENTS.instance);
}

/**
 * The instances of one project, or of every project when `project` is undefined, names first
 * (see loadList). In fine-grained mode the list comes whole, with the caller's entitlements on
 * each (the names answer has none). Resource fetches wait while the mode is unknown (spec §4).
 */
export function instancesQuery(
  client: QueryClient,
  project: string | undefined,
  isFineGrained: FineGrained = false,
) {
  const entitlements = instanceEntitlements(isFineGrained);
  const queryKey: readonly unknown[] = instanceListKey(project, entitlements);
  return queryOptions({
    queryKey,
    queryFn: async ({ signal }): Promise<InstanceList> => {
      assertFineGrainedKnown(isFineGrained);
      if (entitlements !== undefined) {
        const items = (await fetchFullList(project, signal, entitlements)).map(toListItem);
        return { items, complete: true };
      }
      return loadList(client, queryKey, project, signal);
    },
    enabled: isFineGrained !== null,
    // 10,000 items: no deep comparison of every answer with the last one.
    structuralSharing: false,
  });
}

export const INSTANCE_STATE_STALE_MS = 15_000;

/** The live state of one instance (addresses, memory, disk). */
export function instanceStateQuery(project: string, name: string) {
  return queryOptions({
    queryKey: instanceKeys.state(project, name),
    queryFn: ({ signal }) =>
      rowDetailLimiter.run(() => fetchInstanceState(name, project, signal), signal),
    staleTime: INSTANCE_STATE_STALE_MS,
  });
}

/** How many snapshots an instance has (a list of URLs, cheap). */
export function instanceSnapshotCountQuery(project: string, name: string) {
  return queryOptions({
    queryKey: instanceKeys.snapshotCount(project, name),
    queryFn: async ({ signal }) =>
      (await rowDetailLimiter.run(() => fetchInstanceSnapshotUrls(name, project, signal), signal))
        .length,
    staleTime: INSTANCE_STATE_STALE_MS,
  });
}
