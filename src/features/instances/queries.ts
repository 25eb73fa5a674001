import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { get, isNotFound } from '../../lxd/client';
import {
  fetchAllProjectsInstances,
  fetchInstance,
  fetchInstanceSnapshotUrls,
  fetchInstanceState,
  fetchInstances,
} from '../../lxd/endpoints/instances';
import type { InstanceStatus, LxdInstance } from '../../lxd/types/instance';
import { entitlementsParam, type FineGrained } from '../../shared/permissions/entitlements';
import { ENTITY_ENTITLEMENTS } from '../../shared/permissions/rules';
import type { LifecycleEvent } from '../../shared/events';
import { createLimiter } from './list/limiter';
import {
  itemKey,
  parseInstanceUrls,
  removeItem,
  upsertItem,
  withJournal,
  withNames,
  type Journal,
  type ListData,
} from './list/listData';
import {
  eventInstance,
  instanceEventPrefixes,
  instanceKeyRoot,
  instanceListKeyRoot,
} from './events';

export { instanceEventPrefixes };

export const instanceKeys = {
  all: instanceKeyRoot,
  /** The lists are under their own root: events update them in place (see ./events.ts). */
  project: (project: string) => [...instanceListKeyRoot, 'project', project] as const,
  allProjects: () => [...instanceListKeyRoot, 'all-projects'] as const,
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
  /** Only the name is known yet (the list's names came first; the details are on their way). */
  pending?: true;
};

/** The list as cached: names first, details as they come (see list/listData.ts). */
export type InstanceList = ListData<InstanceListItem>;

/** A row of which only the name is known yet. */
export function nameOnlyItem(project: string, name: string): InstanceListItem {
  return {
    name,
    project,
    type: 'container',
    status: 'Unknown',
    description: '',
    location: '',
    profiles: [],
    created_at: '',
    last_used_at: '',
    config: {},
    pending: true,
  };
}

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

/** GET /1.0/instances?recursion=0: the instances' URLs only (~50 bytes each). */
const fetchNames = async (project: string | undefined, signal?: AbortSignal) =>
  parseInstanceUrls(
    (await get<string[] | null>(
      '/1.0/instances',
      project === undefined
        ? { recursion: 0, params: { 'all-projects': true }, signal }
        : { project, recursion: 0, signal },
    )) ?? [],
    project,
  );

/** The full list, mapped to compact items at once (the raw answer is dropped). */
const fetchItems = async (project: string | undefined) =>
  (await fetchList(project)).map(toListItem);

/** What the screens check on each instance (fine-grained identities only). */
export function instanceEntitlements(isFineGrained: FineGrained): string | undefined {
  return entitlementsParam(isFineGrained, ENTITY_ENTITLEMENTS.instance);
}

type Names = { project: string; name: string }[];
/** The names asked for as soon as the route matched, used by the query if recent. */
const early = new Map<string, { names: Promise<Names>; at: number }>();
export const EARLY_LIST_MAX_AGE_MS = 5000;

/**
 * Starts loading the names while the app is still signing in and loading the page's code (the
 * route's loader calls it): the first row then waits for one small request. The full list comes
 * later (see loadList): LXD renders every instance for it (~2 s of its CPU at 10,000), which
 * slows the names and the rows in view if asked for at the same time.
 */
export function prefetchInstances(project: string | undefined): void {
  const names = fetchNames(project);
  names.catch(() => undefined);
  early.set(project ?? '', { names, at: Date.now() });
}

function takeEarly(project: string | undefined) {
  const entry = early.get(project ?? '');
  early.delete(project ?? '');
  if (!entry || Date.now() - entry.at > EARLY_LIST_MAX_AGE_MS) return undefined;
  return entry;
}

/** Per list key: the load in progress (its number) and what events changed meanwhile. */
interface ListLoad {
  generation: number;
  journal: Journal<InstanceListItem>;
  /** A full list asked for before events since is on its way: they go in the journal. */
  loading: boolean;
  /** Starts the full list once the rows in view have their details (a long list). */
  startFull?: (() => Promise<void>) | undefined;
  /** Window fetches in flight, by item key. */
  window: Map<string, AbortController>;
  /** Window answers not yet in the cache (null: the instance is gone), applied together. */
  answers: Map<string, InstanceListItem | null>;
}
const loadsByClient = new WeakMap<QueryClient, Map<string, ListLoad>>();
const loadOf = (client: QueryClient, key: readonly unknown[]): ListLoad => {
  let loads = loadsByClient.get(client);
  if (!loads) {
    loads = new Map();
    loadsByClient.set(client, loads);
  }
  const hash = JSON.stringify(key);
  let load = loads.get(hash);
  if (!load) {
    load = {
      generation: 0,
      journal: new Map(),
      loading: false,
      window: new Map(),
      answers: new Map(),
    };
    loads.set(hash, load);
  }
  return load;
};

function stopWindow(load: ListLoad) {
  for (const controller of load.window.values()) controller.abort();
  load.window.clear();
}

/**
 * Names first, then the full list in the background: the query answers with the names (rows
 * named, details loading) and the full list replaces them when it arrives; if it came first
 * (a short list), the query answers with it. Events applied meanwhile are kept on top of it.
 */
async function loadList(
  client: QueryClient,
  key: readonly unknown[],
  project: string | undefined,
  signal: AbortSignal,
): Promise<InstanceList> {
  const load = loadOf(client, key);
  load.generation += 1;
  load.journal = new Map();
  load.loading = true;
  load.startFull = undefined;
  const generation = load.generation;
  const current = () => load.generation === generation;
  const started = takeEarly(project);
  const names = await (started?.names ?? Promise.reject(new Error('none')))
    .catch(() => fetchNames(project, signal))
    .catch((error: unknown) => {
      if (current()) load.loading = false;
      throw error;
    });

  let full: InstanceListItem[] | undefined;
  let fullError: unknown;
  let answered = false;
  let fullDone: Promise<void> | undefined;
  const startFull = () => {
    if (load.startFull === startFull) load.startFull = undefined;
    fullDone ??= fetchItems(project).then(
      (items) => {
        full = items;
      },
      (error: unknown) => {
        fullError = error ?? new Error('Failed');
      },
    );
    void fullDone.then(() => {
      // After the query has stored its own answer (a macrotask later), and only if no newer
      // load has started.
      setTimeout(() => {
        if (!current() || answered) return;
        stopWindow(load);
        load.loading = false;
        if (full) {
          const items = withJournal(full, load.journal);
          load.journal = new Map();
          client.setQueryData<InstanceList>(key, { items, complete: true });
        } else {
          client.setQueryData<InstanceList>(key, (list) =>
            list ? { ...list, detailsError: errorText(fullError) } : list,
          );
        }
      }, 0);
    });
    return fullDone;
  };

  if (names.length < WINDOW_FETCH_MIN_ROWS) {
    // A short full list is quick: shown at once if it comes within a moment, else the names.
    await Promise.race([startFull(), delay(SHORT_LIST_WAIT_MS)]);
    if (full) {
      answered = true;
      load.loading = false;
      return { items: withJournal(full, load.journal), complete: true };
    }
  } else {
    // The rows in view first (fetchWindowDetails starts it once they have answered).
    load.startFull = startFull;
    setTimeout(() => {
      if (current()) void startFull();
    }, FULL_LIST_AFTER_MS);
  }
  return withNames(names, client.getQueryData<InstanceList>(key), nameOnlyItem);
}

/** How long a short list's names wait for its full list before they show alone. */
const SHORT_LIST_WAIT_MS = 300;
/** The full list starts at the latest this long after the names (the window may be slow). */
const FULL_LIST_AFTER_MS = 1500;
const delay = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms);
  });

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The list query's key (also where events and the window fetch put what they learn). */
export function instanceListKey(project: string | undefined, entitlements?: string) {
  return entitlements !== undefined
    ? instanceKeys.entitled(project, entitlements)
    : project === undefined
      ? instanceKeys.allProjects()
      : instanceKeys.project(project);
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
      if (entitlements !== undefined) {
        const items = (await fetchList(project, signal, entitlements)).map(toListItem);
        return { items, complete: true };
      }
      return loadList(client, queryKey, project, signal);
    },
    enabled: isFineGrained !== null,
    // 10,000 items: no deep comparison of every answer with the last one.
    structuralSharing: false,
  });
}

/** Row details are fetched a few at a time, only for rows on screen. */
const rowDetailLimiter = createLimiter(4);

/**
 * The details of the rows in view that are still names only, one GET each through the row
 * limiter (measured on LXD 5.0.2 at 10,000: a `filter=name eq a or name eq b …` list renders
 * every instance before it filters, 7.7 s for 40 names, 2.5 s as one `^(a|b|…)$` regex, against
 * 2.2 s for the whole list and ~1 ms for one instance). A row asked for already is not asked
 * again; one that left the window before its turn is dropped; none once the list is complete,
 * and none in a list of fewer than WINDOW_FETCH_MIN_ROWS (its full list is as quick).
 */
export const WINDOW_FETCH_MIN_ROWS = 100;

export function fetchWindowDetails(
  client: QueryClient,
  key: readonly unknown[],
  rows: readonly InstanceListItem[],
): void {
  const load = loadOf(client, key);
  const list = client.getQueryData<InstanceList>(key);
  if (!list || list.complete) {
    stopWindow(load);
    return;
  }
  // A short full list comes as soon as the window's answers would: no row is asked for twice.
  if (list.items.length < WINDOW_FETCH_MIN_ROWS) return;
  // The rows as cached now (those passed may predate an answer that filled them).
  const stillPending = new Set<string>();
  for (const item of list.items) if (item.pending) stillPending.add(itemKey(item));
  const wanted = new Map<string, InstanceListItem>();
  for (const row of rows) {
    const rowKey = itemKey(row);
    if (stillPending.has(rowKey)) wanted.set(rowKey, row);
  }
  for (const [rowKey, controller] of load.window) {
    if (!wanted.has(rowKey)) {
      controller.abort();
      load.window.delete(rowKey);
    }
  }
  for (const [rowKey, row] of wanted) {
    if (load.window.has(rowKey)) continue;
    const controller = new AbortController();
    load.window.set(rowKey, controller);
    const { signal } = controller;
    rowDetailLimiter
      .run(() => fetchInstance(row.project, row.name, signal), signal)
      .then(
        (instance) => {
          addAnswer(client, key, load, rowKey, toListItem(instance));
        },
        (error: unknown) => {
          if (isNotFound(error)) addAnswer(client, key, load, rowKey, null);
        },
      )
      .finally(() => {
        if (load.window.get(rowKey) === controller) load.window.delete(rowKey);
        if (load.window.size === 0) void load.startFull?.();
      });
  }
  if (load.window.size === 0) void load.startFull?.();
}

/** Window answers arriving together are applied in one update (one sort of the list). */
const ANSWER_BATCH_MS = 30;

function addAnswer(
  client: QueryClient,
  key: readonly unknown[],
  load: ListLoad,
  rowKey: string,
  item: InstanceListItem | null,
) {
  const first = load.answers.size === 0;
  load.answers.set(rowKey, item);
  if (!first) return;
  setTimeout(() => {
    const answers = new Map(load.answers);
    load.answers.clear();
    client.setQueryData<InstanceList>(key, (current) =>
      current && !current.complete ? fillPending(current, answers) : current,
    );
  }, ANSWER_BATCH_MS);
}

/** Window answers fill names-only rows (an event may have filled one already: it stays). */
function fillPending(list: InstanceList, answers: Map<string, InstanceListItem | null>) {
  const items: InstanceListItem[] = [];
  for (const row of list.items) {
    const answer = row.pending ? answers.get(itemKey(row)) : undefined;
    if (answer === undefined) items.push(row);
    else if (answer !== null) items.push(answer);
  }
  return { ...list, items };
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

type ListUpdate = (list: InstanceList | undefined) => InstanceList | undefined;

/** Applies `update` to every cached list that may hold instances of `project`. */
function updateCachedLists(client: QueryClient, project: string, update: ListUpdate) {
  client.setQueryData(instanceKeys.project(project), update);
  client.setQueryData(instanceKeys.allProjects(), update);
  client.setQueriesData<InstanceList>({ queryKey: [...instanceKeys.all, 'entitled'] }, update);
}

/** Records a change in the journal of each list whose full list is on its way. */
function journal(client: QueryClient, project: string, key: string, item: InstanceListItem | null) {
  for (const listKey of [instanceKeys.project(project), instanceKeys.allProjects()]) {
    const load = loadOf(client, listKey);
    if (load.loading) load.journal.set(key, item);
  }
}

/** Sets the status of an instance in every cached list at once (before the refetch confirms). */
export function setCachedStatus(
  client: QueryClient,
  project: string,
  name: string,
  status: InstanceStatus,
) {
  const update: ListUpdate = (list) => {
    if (!list) return list;
    const item = list.items.find((row) => row.name === name && row.project === project);
    return item && !item.pending ? upsertItem(list, { ...item, status }) : list;
  };
  updateCachedLists(client, project, update);
}

/** Removes an instance from every cached list. */
export function removeCachedInstance(client: QueryClient, project: string, name: string) {
  journal(client, project, `${project}/${name}`, null);
  updateCachedLists(client, project, (list) => (list ? removeItem(list, project, name) : list));
}

/** Puts an instance as LXD describes it now into every cached list of its project. */
function putCachedInstance(client: QueryClient, item: InstanceListItem) {
  journal(client, item.project, itemKey(item), item);
  const update: ListUpdate = (list) => (list ? upsertItem(list, item) : list);
  client.setQueryData(instanceKeys.project(item.project), update);
  client.setQueryData(instanceKeys.allProjects(), update);
}

/** Lifecycle actions that change what the list shows of an instance. */
const LIST_ACTIONS: ReadonlySet<string> = new Set([
  'instance-created',
  'instance-updated',
  'instance-started',
  'instance-stopped',
  'instance-shutdown',
  'instance-restarted',
  'instance-paused',
  'instance-resumed',
  'instance-restored',
  'instance-migrated',
]);

/** Single-instance GETs for events: a couple at a time, one per instance however many events. */
const eventLimiter = createLimiter(2);
const eventFetches = new Map<string, { again: boolean; deleted?: boolean }>();

function refreshInstance(client: QueryClient, project: string, name: string) {
  const key = `${project}/${name}`;
  const running = eventFetches.get(key);
  if (running) {
    running.again = true;
    return;
  }
  const entry: { again: boolean; deleted?: boolean } = { again: false };
  eventFetches.set(key, entry);
  eventLimiter
    .run(() => fetchInstance(project, name))
    .then(
      (instance) => {
        // Asked before a deletion that has been applied since: that answer is out of date.
        if (!entry.deleted) putCachedInstance(client, toListItem(instance));
      },
      (error: unknown) => {
        if (isNotFound(error)) removeCachedInstance(client, project, name);
      },
    )
    .finally(() => {
      eventFetches.delete(key);
      if (entry.again) refreshInstance(client, project, name);
    });
}

/**
 * Applies an instance lifecycle event to the cached lists in place: a deleted instance goes, a
 * renamed one moves, any other change is asked for with one GET of that instance (the list
 * sorts it into place). Snapshot, file, console and log events change nothing the list shows.
 */
export function applyInstanceEvent(client: QueryClient, event: LifecycleEvent): void {
  const { action, context } = event.metadata;
  const target = eventInstance(event);
  // Snapshot, backup, file and log events (a longer path) change nothing the list shows.
  if (!target?.whole) return;
  const { project, name } = target;
  // No list of this project in the cache: nothing to update (another project's busy instances).
  const cached = (key: readonly unknown[]) => client.getQueryData(key) !== undefined;
  if (!cached(instanceKeys.project(project)) && !cached(instanceKeys.allProjects())) return;
  if (action === 'instance-deleted') {
    const inFlight = eventFetches.get(`${project}/${name}`);
    if (inFlight) {
      inFlight.deleted = true;
      inFlight.again = false;
    }
    removeCachedInstance(client, project, name);
  } else if (action === 'instance-renamed') {
    const oldName = context?.old_name;
    if (typeof oldName === 'string') removeCachedInstance(client, project, oldName);
    refreshInstance(client, project, name);
  } else if (LIST_ACTIONS.has(action)) {
    refreshInstance(client, project, name);
  }
}
