/**
 * Live details (state, snapshot count) for the rows on screen only, which the shared table
 * reports once scrolling has paused: a fast scroll through 10,000 rows asks for nothing on the
 * way. Running rows get their state, every row its snapshot count; both are cached briefly and
 * fetched a few at a time.
 */
import { useQueries } from '@tanstack/react-query';
import { activityKey } from '../actions';
import type { InstanceListItem } from '../list-item';
import { instanceSnapshotCountQuery, instanceStateQuery } from '../queries';
import type { RowDetails } from './columns';

export function useRowDetails(
  visible: readonly InstanceListItem[],
  options: { state: boolean; snapshots: boolean },
): (item: InstanceListItem) => RowDetails {
  const live = options.state ? visible.filter((item) => item.status !== 'Stopped') : [];
  const states = useQueries({
    queries: live.map((item) => instanceStateQuery(item.project, item.name)),
  });
  const snapshots = useQueries({
    queries: (options.snapshots ? visible : []).map((item) =>
      instanceSnapshotCountQuery(item.project, item.name),
    ),
  });
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
