/**
 * Live details (state, snapshot count) for the rows on screen only, which the shared table
 * reports once scrolling has paused: a fast scroll through 10,000 rows asks for nothing on the
 * way. Running rows get their state, every row its snapshot count; both are cached briefly and
 * fetched a few at a time.
 */
import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import { activityKey } from '../actions';
import type { InstanceListItem } from '../list-item';
import { instanceSnapshotCountQuery, instanceStateQuery } from '../queries';
import type { RowDetails } from './columns';

export function useRowDetails(
  visible: readonly InstanceListItem[],
  options: { state: boolean; snapshots: boolean },
): (item: InstanceListItem) => RowDetails {
  // The query lists are kept while the rows are, so a render that changes no row (a keystroke,
  // an event elsewhere) leaves the queries' observers alone.
  const live = useMemo(
    () => (options.state ? visible.filter((item) => item.status !== 'Stopped') : []),
    [visible, options.state],
  );
  const stateQueries = useMemo(
    () => live.map((item) => instanceStateQuery(item.project, item.name)),
    [live],
  );
  const snapshotQueries = useMemo(
    () =>
      (options.snapshots ? visible : []).map((item) =>
        instanceSnapshotCountQuery(item.project, item.name),
      ),
    [visible, options.snapshots],
  );
  const states = useQueries({ queries: stateQueries });
  const snapshots = useQueries({ queries: snapshotQueries });
  const byKey = new Map<string, RowDetails>();
  live.forEach((item, index) => {
    const result = states[index];
    byKey.set(activityKey(item.project, item.name), {
      state: result?.data,
      stateLoading: result?.isPending ?? false,
    });
  });
  if (options.snapshots) {
    visible.forEach((item, index) => {
      const key = activityKey(item.project, item.name);
      const entry = byKey.get(key) ?? { stateLoading: false };
      byKey.set(key, { ...entry, snapshots: snapshots[index]?.data });
    });
  }
  return (item) =>
    byKey.get(activityKey(item.project, item.name)) ?? {
      stateLoading: options.state && item.status !== 'Stopped',
    };
}
