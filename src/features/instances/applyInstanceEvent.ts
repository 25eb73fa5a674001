/**
 * Instance events applied to the cached lists in place (at 10,000 instances a list is ~18 MB: it
 * is never refetched for one instance's change), and the changes the console's own actions make
 * to them before LXD's events confirm them. While a list's full list is on its way, each change
 * goes in its journal too (see the protocol in ./list-load.ts).
 */
import type { QueryClient } from '@tanstack/react-query';
import { isNotFound } from '../../lxd/client';
import { fetchInstance } from '../../lxd/endpoints/instances';
import type { InstanceStatus, LxdInstance } from '../../lxd/types/instance';
import type { LifecycleEvent } from '../../shared/events';
import { eventInstance } from './events';
import { instanceKeys } from './keys';
import { createLimiter } from './limiter';
import { toListItem, type InstanceList, type InstanceListItem } from './list-item';
import { loadOf } from './list-load';
import { itemKey, removeItem, upsertItem } from './listData';

type ListUpdate = (list: InstanceList | undefined) => InstanceList | undefined;

/**
 * Where the cached lists an event changes are, and how to ask one instance again: the page's
 * remote's lists (the instance lists' keys), or one remote's list among several servers' (the
 * fleet's instance list, one list per remote).
 */
export interface InstanceListScope {
  /** Names the scope in the single-instance fetches in flight ('' for the page's remote). */
  id: string;
  /** The cached lists that may hold instances of `project`, where their full list is loaded. */
  lists: (project: string) => readonly (readonly unknown[])[];
  /** More lists updated in place, never journaled (the fine-grained lists). */
  others?: (client: QueryClient, update: ListUpdate) => void;
  /** The instance as LXD describes it now. */
  fetch: (project: string, name: string) => Promise<LxdInstance>;
}

/** The page's remote: its project lists, the list of every project, the fine-grained lists. */
const PAGE_SCOPE: InstanceListScope = {
  id: '',
  lists: (project) => [instanceKeys.project(project), instanceKeys.allProjects()],
  others: (client, update) => {
    client.setQueriesData<InstanceList>({ queryKey: [...instanceKeys.all, 'entitled'] }, update);
  },
  fetch: (project, name) => fetchInstance(project, name),
};

/** Applies `update` to every cached list that may hold instances of `project`. */
function updateCachedLists(
  client: QueryClient,
  project: string,
  update: ListUpdate,
  scope: InstanceListScope,
) {
  for (const key of scope.lists(project)) client.setQueryData(key, update);
  scope.others?.(client, update);
}

/** Records a change in the journal of each list whose full list is on its way. */
function journal(
  client: QueryClient,
  project: string,
  key: string,
  item: InstanceListItem | null,
  scope: InstanceListScope,
) {
  for (const listKey of scope.lists(project)) {
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
  scope: InstanceListScope = PAGE_SCOPE,
) {
  const update: ListUpdate = (list) => {
    if (!list) return list;
    const item = list.items.find((row) => row.name === name && row.project === project);
    return item && !item.pending ? upsertItem(list, { ...item, status }) : list;
  };
  updateCachedLists(client, project, update, scope);
}

/** Removes an instance from every cached list. */
export function removeCachedInstance(
  client: QueryClient,
  project: string,
  name: string,
  scope: InstanceListScope = PAGE_SCOPE,
) {
  journal(client, project, `${project}/${name}`, null, scope);
  updateCachedLists(
    client,
    project,
    (list) => (list ? removeItem(list, project, name) : list),
    scope,
  );
}

/** Puts an instance as LXD describes it now into every cached list of its project. */
function putCachedInstance(client: QueryClient, item: InstanceListItem, scope: InstanceListScope) {
  journal(client, item.project, itemKey(item), item, scope);
  const update: ListUpdate = (list) => (list ? upsertItem(list, item) : list);
  for (const key of scope.lists(item.project)) client.setQueryData(key, update);
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

function refreshInstance(
  client: QueryClient,
  project: string,
  name: string,
  scope: InstanceListScope,
) {
  const key = `${scope.id}\n${project}/${name}`;
  const running = eventFetches.get(key);
  if (running) {
    running.again = true;
    return;
  }
  const entry: { again: boolean; deleted?: boolean } = { again: false };
  eventFetches.set(key, entry);
  eventLimiter
    .run(() => scope.fetch(project, name))
    .then(
      (instance) => {
        // Asked before a deletion that has been applied since: that answer is out of date.
        if (!entry.deleted) putCachedInstance(client, toListItem(instance), scope);
      },
      (error: unknown) => {
        if (isNotFound(error)) removeCachedInstance(client, project, name, scope);
      },
    )
    .finally(() => {
      eventFetches.delete(key);
      if (entry.again) refreshInstance(client, project, name, scope);
    });
}

/**
 * Applies an instance lifecycle event to the cached lists in place: a deleted instance goes, a
 * renamed one moves, any other change is asked for with one GET of that instance (the list
 * sorts it into place). Snapshot, file, console and log events change nothing the list shows.
 */
export function applyInstanceEvent(
  client: QueryClient,
  event: LifecycleEvent,
  scope: InstanceListScope = PAGE_SCOPE,
): void {
  const { action, context } = event.metadata;
  const target = eventInstance(event);
  // Snapshot, backup, file and log events (a longer path) change nothing the list shows.
  if (!target?.whole) return;
  const { project, name } = target;
  // No list of this project in the cache: nothing to update (another project's busy instances).
  if (!scope.lists(project).some((key) => client.getQueryData(key) !== undefined)) return;
  if (action === 'instance-deleted') {
    const inFlight = eventFetches.get(`${scope.id}\n${project}/${name}`);
    if (inFlight) {
      inFlight.deleted = true;
      inFlight.again = false;
    }
    removeCachedInstance(client, project, name, scope);
  } else if (action === 'instance-renamed') {
    const oldName = context?.old_name;
    if (typeof oldName === 'string') removeCachedInstance(client, project, oldName, scope);
    refreshInstance(client, project, name, scope);
  } else if (LIST_ACTIONS.has(action)) {
    refreshInstance(client, project, name, scope);
  }
}
