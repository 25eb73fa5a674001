/**
 * What this feature's cached data does on an event, kept apart from the queries so that the
 * app's event wiring loads no screen code: the lifecycle prefixes, the root of the query keys,
 * and the listeners an open instance list registers to apply an event to itself in place (at
 * 10,000 instances the list is ~18 MB: it is never refetched for one instance's change).
 */
import type { QueryKey } from '@tanstack/react-query';
import type { EventInvalidation, LifecycleEvent } from '../../shared/events';

/** Instance lifecycle events (spec §7). */
export const instanceEventPrefixes = ['instance-'] as const;

/** Every query key of the feature starts with this, except the lists (below). */
export const instanceKeyRoot = ['instances'] as const;

/**
 * The instance lists' keys start with this: an event updates an open list in place (see
 * `onInstanceEvent`) instead of invalidating it; a list opened later is fetched again anyway.
 */
export const instanceListKeyRoot = ['instance-list'] as const;

type InstanceEventListener = (event: LifecycleEvent) => void;
const listeners = new Set<InstanceEventListener>();

/** Calls `listener` with every instance lifecycle event; returns the unsubscribe. */
export function onInstanceEvent(listener: InstanceEventListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * The instance an event is about: its name (the first path segment after /1.0/instances/, so a
 * snapshot's or a file's event names its instance) and project (the source's `project`, else the
 * event's). Undefined when the source names no instance.
 */
export function eventInstance(
  event: LifecycleEvent,
): { project: string; name: string; whole: boolean } | undefined {
  const [path = '', query = ''] = event.metadata.source.split('?', 2);
  const prefix = '/1.0/instances/';
  if (!path.startsWith(prefix)) return undefined;
  const rest = path.slice(prefix.length);
  const slash = rest.indexOf('/');
  const segment = slash >= 0 ? rest.slice(0, slash) : rest;
  if (segment === '') return undefined;
  let name: string;
  try {
    name = decodeURIComponent(segment);
  } catch {
    return undefined;
  }
  const project = new URLSearchParams(query).get('project') ?? (event.project || 'default');
  return { project, name, whole: slash < 0 };
}

/**
 * What an instance event makes stale: that instance's own data (its state, snapshot count and
 * detail page, under the old name too for a rename) and the fine-grained lists, which are
 * fetched whole. Not every instance's data: a busy host sends hundreds of events a minute, and
 * an open list would fetch each visible row's state again for each. An event whose source names
 * no instance makes everything stale, as before.
 */
function instanceEventKeys(event: LifecycleEvent): readonly QueryKey[] {
  const instance = eventInstance(event);
  if (!instance) return [instanceKeyRoot];
  const { project, name } = instance;
  const names = [name];
  const oldName = event.metadata.context?.old_name;
  if (event.metadata.action === 'instance-renamed' && typeof oldName === 'string') {
    names.push(oldName);
  }
  const keys: QueryKey[] = [[...instanceKeyRoot, 'entitled']];
  for (const one of names) {
    keys.push(
      [...instanceKeyRoot, 'state', project, one],
      [...instanceKeyRoot, 'snapshot-count', project, one],
      [...instanceKeyRoot, 'detail', project, one],
    );
  }
  return keys;
}

export const instanceInvalidation: EventInvalidation = {
  prefixes: instanceEventPrefixes,
  queryKey: instanceKeyRoot,
  queryKeys: instanceEventKeys,
  apply: (event) => {
    for (const listener of listeners) listener(event);
  },
};
