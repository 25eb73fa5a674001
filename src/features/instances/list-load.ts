/**
 * The names-first loader of the instance lists (the list query's queryFn, see ./queries.ts).
 *
 * Protocol:
 * 1. Names first. The route's loader calls prefetchInstances() as soon as the address matches,
 *    while the app is still signing in and loading the page's code: GET /1.0/instances with
 *    recursion=0 (the instances' URLs, ~50 bytes each; all-projects=true across projects). The
 *    query's load takes that request if it is at most EARLY_LIST_MAX_AGE_MS old, else asks
 *    again, and answers with the names: a name already in the cached list keeps its details,
 *    a new one is a names-only row (`pending`), a missing one goes (listData.ts, withNames).
 * 2. The window. With WINDOW_FETCH_MIN_ROWS names or more, the list page asks for the rows in
 *    view (./list-window.ts: one GET /1.0/instances/{name} each through the row limiter), whose
 *    answers fill the names-only rows in batches. Once no window fetch is left (or
 *    FULL_LIST_AFTER_MS after the names at the latest) the full list (recursion=1) is asked for:
 *    LXD renders every instance for it (~2 s of its CPU at 10,000), which would slow the names
 *    and the rows in view if asked for at the same time. A shorter list asks for the full list
 *    at once, and answers with it if it comes within SHORT_LIST_WAIT_MS, else with the names.
 * 3. The full list replaces every row and marks the list `complete` (sorting and filtering by
 *    the details may start); the window fetches still running are aborted. If it fails, the
 *    rows stay as they are, the list says why (`detailsError`) and the window goes on.
 * 4. Events (./applyInstanceEvent.ts) change the cached lists in place at once. While a full
 *    list asked for before them is on its way (`loading`), each change (the instance as LXD
 *    describes it now, or null for a removal) is also written in the load's journal, and applied
 *    again on top of the full list when it comes (listData.ts, withJournal).
 *
 * Module state:
 * - `early`: per project ('' for every project), the names request the route started. The
 *   query's next load takes it out (used once); one older than EARLY_LIST_MAX_AGE_MS is not used.
 * - `loadsByClient`: per query client (a WeakMap: gone with its client) and list key, the load
 *   of that list: its generation (a newer load makes the older one's late answers void), the
 *   journal (cleared when a load starts and once the full list has taken it), whether a full
 *   list is on its way, the deferred start of the full list, the window fetches in flight by
 *   row, and the window answers waiting for their batch. The window's fetches are aborted and
 *   forgotten when the full list arrives or once the list is complete (stopWindow); each one
 *   leaves the map when it ends, each answer when its batch is applied.
 */
import type { QueryClient } from '@tanstack/react-query';
import { get, LxdApiError } from '../../lxd/client';
import { fetchAllProjectsInstances, fetchInstances } from '../../lxd/endpoints/instances';
import { fetchProjects } from '../../lxd/endpoints/projects';
import { nameOnlyItem, toListItem, type InstanceList, type InstanceListItem } from './list-item';
import { parseInstanceUrls, withJournal, withNames, type Journal } from './listData';

/**
 * The full list (recursion=1) of one project, or of every project when `project` is undefined,
 * with the caller's entitlements on each when asked for.
 */
export const fetchFullList = (
  project: string | undefined,
  signal?: AbortSignal,
  entitlements?: string,
  remote?: string | null,
) =>
  project === undefined
    ? fetchAllProjectsInstances(signal, entitlements, remote)
    : fetchInstances(project, signal, entitlements, remote);

/** Which server a list is of: undefined is the page's remote (see src/lxd/remote.ts). */
type Remote = string | null | undefined;
type Names = { project: string; name: string }[];

/**
 * Which instances a list holds: one project's, every project's (undefined), or those of the
 * projects named (one request each).
 */
export type ListProjects = string | undefined | readonly string[];

const each = async <T>(
  projects: readonly string[],
  fetch: (project: string) => Promise<readonly T[]>,
): Promise<T[]> => (await Promise.all(projects.map(fetch))).flat();

const remoteKey = (remote: Remote) => (remote === undefined ? '' : `remote:${remote ?? ''}`);
/**
 * The servers on which this identity may not ask for every project at once (restricted to some
 * projects, LXD 5.0 answers 403): their lists of every project are asked project by project,
 * the projects it may see being asked first each time (one may have been granted since).
 */
const projectByProject = new Set<string>();
const isRefusal = (error: unknown) => error instanceof LxdApiError && error.status === 403;

/** Every project's `ask`, at once, or project by project where that is refused. */
async function everyProject<T>(
  remote: Remote,
  signal: AbortSignal | undefined,
  ask: (project: string | undefined) => Promise<T[]>,
): Promise<T[]> {
  const server = remoteKey(remote);
  if (!projectByProject.has(server)) {
    try {
      return await ask(undefined);
    } catch (error) {
      if (!isRefusal(error)) throw error;
      projectByProject.add(server);
    }
  }
  const projects = await fetchProjects(signal, remote);
  return each(
    projects.map((project) => project.name),
    ask,
  );
}

/** GET /1.0/instances?recursion=0: the instances' URLs only (~50 bytes each). */
const fetchNames = async (
  project: ListProjects,
  signal?: AbortSignal,
  remote?: Remote,
): Promise<Names> =>
  typeof project === 'object'
    ? each(project, (one) => fetchProjectNames(one, signal, remote))
    : project === undefined
      ? everyProject(remote, signal, (one) => fetchProjectNames(one, signal, remote))
      : fetchProjectNames(project, signal, remote);

const fetchProjectNames = async (
  project: string | undefined,
  signal?: AbortSignal,
  remote?: Remote,
) =>
  parseInstanceUrls(
    (await get<string[] | null>(
      '/1.0/instances',
      project === undefined
        ? { recursion: 0, params: { 'all-projects': true }, signal, remote }
        : { project, recursion: 0, signal, remote },
    )) ?? [],
    project,
  );

const fetchProjectItems = async (project: string | undefined, remote: Remote) =>
  (await fetchFullList(project, undefined, undefined, remote)).map(toListItem);

/** The full list, mapped to compact items at once (the raw answer is dropped). */
const fetchItems = async (project: ListProjects, remote: Remote): Promise<InstanceListItem[]> =>
  typeof project === 'object'
    ? each(project, (one) => fetchProjectItems(one, remote))
    : project === undefined
      ? everyProject(remote, undefined, (one) => fetchProjectItems(one, remote))
      : fetchProjectItems(project, remote);

/** The names asked for as soon as the route matched, used by the query if recent. */
const early = new Map<string, { names: Promise<Names>; at: number }>();
export const EARLY_LIST_MAX_AGE_MS = 5000;

/**
 * Starts loading the names while the app is still signing in and loading the page's code (the
 * route's loader calls it): the first row then waits for one small request. The full list comes
 * later (see loadList).
 */
export function prefetchInstances(project: string | undefined, remote?: Remote): void {
  const names = fetchNames(project, undefined, remote);
  names.catch(() => undefined);
  early.set(earlyKey(project, remote), { names, at: Date.now() });
}

/** The page's remote's lists are under their project; another remote's under both. */
const earlyKey = (project: string | undefined, remote: Remote) =>
  remote === undefined ? (project ?? '') : `${project ?? ''}\n${remote ?? ''}`;

function takeEarly(project: string | undefined, remote: Remote) {
  const key = earlyKey(project, remote);
  const entry = early.get(key);
  early.delete(key);
  if (!entry || Date.now() - entry.at > EARLY_LIST_MAX_AGE_MS) return undefined;
  return entry;
}

/** Per list key: the load in progress (its number) and what events changed meanwhile. */
export interface ListLoad {
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

/** The load of the list under `key` (made on first use). */
export const loadOf = (client: QueryClient, key: readonly unknown[]): ListLoad => {
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

/** Aborts and forgets the window fetches in flight. */
export function stopWindow(load: ListLoad) {
  for (const controller of load.window.values()) controller.abort();
  load.window.clear();
}

/**
 * The list is long enough to ask for the rows in view one by one before the full list; a
 * shorter full list comes as quickly as their answers would.
 */
export const WINDOW_FETCH_MIN_ROWS = 100;
/** How long a short list's names wait for its full list before they show alone. */
const SHORT_LIST_WAIT_MS = 300;
/** The full list starts at the latest this long after the names (the window may be slow). */
const FULL_LIST_AFTER_MS = 1500;
const delay = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms);
  });

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Names first, then the full list in the background: the query answers with the names (rows
 * named, details loading) and the full list replaces them when it arrives; if it came first
 * (a short list), the query answers with it. Events applied meanwhile are kept on top of it.
 */
export async function loadList(
  client: QueryClient,
  key: readonly unknown[],
  project: ListProjects,
  signal: AbortSignal,
  remote?: Remote,
): Promise<InstanceList> {
  const load = loadOf(client, key);
  load.generation += 1;
  load.journal = new Map();
  load.loading = true;
  load.startFull = undefined;
  const generation = load.generation;
  const current = () => load.generation === generation;
  // The names the route asked for (index.html, or the fleet's loader for another remote).
  const started = typeof project !== 'object' ? takeEarly(project, remote) : undefined;
  const names = await (started?.names ?? Promise.reject(new Error('none')))
    .catch(() => fetchNames(project, signal, remote))
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
    fullDone ??= fetchItems(project, remote).then(
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
  } else if (remote !== undefined) {
    // Another remote's list (several servers' lists at once) asks for no window: its full list
    // starts with the names shown.
    void startFull();
  } else {
    // The rows in view first (fetchWindowDetails starts it once they have answered).
    load.startFull = startFull;
    setTimeout(() => {
      if (current()) void startFull();
    }, FULL_LIST_AFTER_MS);
  }
  return withNames(names, client.getQueryData<InstanceList>(key), nameOnlyItem);
}

/**
 * Starts the full list of `key` now if it waits for the rows in view: for a screen that shows
 * no rows but needs every instance's details (the overview's counts and allocation).
 */
export function startFullListNow(client: QueryClient, key: readonly unknown[]): void {
  void loadOf(client, key).startFull?.();
}
