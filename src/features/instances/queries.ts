import { queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  fetchAllProjectsInstances,
  fetchInstanceSnapshotUrls,
  fetchInstanceState,
  fetchInstances,
} from '../../lxd/endpoints/instances';
import type { InstanceStatus, LxdInstance } from '../../lxd/types/instance';
import { entitlementsParam, type FineGrained } from '../../shared/permissions/entitlements';
import { ENTITY_ENTITLEMENTS } from '../../shared/permissions/rules';
import { createLimiter } from './list/limiter';
import { instanceEventPrefixes, instanceKeyRoot } from './events';

export { instanceEventPrefixes };

export const instanceKeys = {
  all: instanceKeyRoot,
  project: (project: string) => [...instanceKeys.all, 'project', project] as const,
  allProjects: () => [...instanceKeys.all, 'all-projects'] as const,
  /** A list with the caller's entitlements on each instance (fine-grained mode). */
  entitled: (project: string | undefined, entitlements: string) =>
    [...instanceKeys.all, 'entitled', project ?? '', entitlements] as const,
  state: (project: string, name: string) => [...instanceKeys.all, 'state', project, name] as const,
  snapshotCount: (project: string, name: string) =>
    [...instanceKeys.all, 'snapshot-count', project, name] as const,
};

/** What the list keeps of an instance: no volatile keys (a third of the bytes at 1,000). */
export type InstanceListItem = Pick<
  LxdInstance,
  | 'name'
  | 'project'
  | 'type'
  | 'status'
  | 'description'
  | 'location'
  | 'profiles'
  | 'created_at'
  | 'last_used_at'
  | 'access_entitlements'
> & {
  /** The expanded configuration without `volatile.*` keys. */
  config: Record<string, string>;
};

/**
 * An instance on a cluster member that is offline comes as a stub: status Error, type "", and
 * config, devices and profiles null.
 */
export function toListItem(instance: LxdInstance): InstanceListItem {
  const config: Record<string, string> = {};
  const source = (instance.expanded_config ?? instance.config) as Record<string, string> | null;
  for (const [key, value] of Object.entries(source ?? {})) {
    if (!key.startsWith('volatile.')) config[key] = value;
  }
  return {
    name: instance.name,
    project: instance.project,
    type: instance.type,
    status: instance.status,
    description: instance.description,
    location: instance.location,
    profiles: Array.isArray(instance.profiles) ? instance.profiles : [],
    created_at: instance.created_at,
    last_used_at: instance.last_used_at,
    config,
    ...(instance.access_entitlements ? { access_entitlements: instance.access_entitlements } : {}),
  };
}

const fetchList = (project: string | undefined, signal?: AbortSignal, entitlements?: string) =>
  project === undefined
    ? fetchAllProjectsInstances(signal, entitlements)
    : fetchInstances(project, signal, entitlements);

/** What the screens check on each instance (fine-grained identities only). */
export function instanceEntitlements(isFineGrained: FineGrained): string | undefined {
  return entitlementsParam(isFineGrained, ENTITY_ENTITLEMENTS.instance);
}

/** A list asked for as soon as the route matched, used by the query if it is recent. */
const early = new Map<string, { promise: Promise<LxdInstance[]>; at: number }>();
export const EARLY_LIST_MAX_AGE_MS = 5000;

/**
 * Starts loading the list while the app is still signing in and loading the page's code (the
 * route's loader calls it): the first row then waits for one request, not a chain of them.
 */
export function prefetchInstances(project: string | undefined): void {
  const promise = fetchList(project);
  promise.catch(() => undefined);
  early.set(project ?? '', { promise, at: Date.now() });
}

async function takeEarly(project: string | undefined) {
  const entry = early.get(project ?? '');
  early.delete(project ?? '');
  if (!entry || Date.now() - entry.at > EARLY_LIST_MAX_AGE_MS) return undefined;
  // A failed early request (e.g. before sign-in) is simply asked again.
  return entry.promise.catch(() => undefined);
}

/**
 * The instances of one project, or of every project when `project` is undefined; in
 * fine-grained mode with the caller's entitlements on each (the early list has none, so it is
 * not used then). Resource fetches wait while the mode is unknown (spec §4).
 */
export function instancesQuery(project: string | undefined, isFineGrained: FineGrained = false) {
  const entitlements = instanceEntitlements(isFineGrained);
  const queryKey: readonly unknown[] =
    entitlements !== undefined
      ? instanceKeys.entitled(project, entitlements)
      : project === undefined
        ? instanceKeys.allProjects()
        : instanceKeys.project(project);
  return queryOptions({
    queryKey,
    queryFn: async ({ signal }) => {
      const early = entitlements === undefined ? await takeEarly(project) : undefined;
      return (early ?? (await fetchList(project, signal, entitlements))).map(toListItem);
    },
    enabled: isFineGrained !== null,
  });
}

/** Row details are fetched a few at a time, only for rows on screen. */
const rowDetailLimiter = createLimiter(4);
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

type ListUpdate = (list: InstanceListItem[] | undefined) => InstanceListItem[] | undefined;

/** Applies `update` to every cached list that may hold instances of `project`. */
function updateCachedLists(client: QueryClient, project: string, update: ListUpdate) {
  client.setQueryData(instanceKeys.project(project), update);
  client.setQueryData(instanceKeys.allProjects(), update);
  client.setQueriesData<InstanceListItem[]>(
    { queryKey: [...instanceKeys.all, 'entitled'] },
    update,
  );
}

/** Sets the status of an instance in every cached list at once (before the refetch confirms). */
export function setCachedStatus(
  client: QueryClient,
  project: string,
  name: string,
  status: InstanceStatus,
) {
  const update = (list: InstanceListItem[] | undefined) =>
    list?.map((item) =>
      item.name === name && item.project === project ? { ...item, status } : item,
    );
  updateCachedLists(client, project, update);
}

/** Removes an instance from every cached list. */
export function removeCachedInstance(client: QueryClient, project: string, name: string) {
  const update = (list: InstanceListItem[] | undefined) =>
    list?.filter((item) => !(item.name === name && item.project === project));
  updateCachedLists(client, project, update);
}
