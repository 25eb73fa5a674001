/**
 * The window fetch of a long instance list: the details of the rows in view that are still
 * names only, before the full list (see the protocol in ./list-load.ts).
 */
import type { QueryClient } from '@tanstack/react-query';
import { isNotFound } from '../../lxd/client';
import { fetchInstance } from '../../lxd/endpoints/instances';
import { createLimiter } from './limiter';
import { toListItem, type InstanceList, type InstanceListItem } from './list-item';
import { loadOf, stopWindow, WINDOW_FETCH_MIN_ROWS, type ListLoad } from './list-load';
import { itemKey } from './listData';

export { WINDOW_FETCH_MIN_ROWS };

/** Row details are fetched a few at a time, only for rows on screen. */
export const rowDetailLimiter = createLimiter(4);

/**
 * The details of the rows in view that are still names only, one GET each through the row
 * limiter (measured on LXD 5.0.2 at 10,000: a `filter=name eq a or name eq b …` list renders
 * every instance before it filters, 7.7 s for 40 names, 2.5 s as one `^(a|b|…)$` regex, against
 * 2.2 s for the whole list and ~1 ms for one instance). A row asked for already is not asked
 * again; one that left the window before its turn is dropped; none once the list is complete,
 * and none in a list of fewer than WINDOW_FETCH_MIN_ROWS (its full list is as quick).
 */
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
