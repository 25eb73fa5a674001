import { useQueries, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import type { LxdClusterMember } from '../../../lxd/types/cluster';
import type { LxdResources } from '../../../lxd/types/resources';
import { resourcesQuery } from '../../server';
import { memberOfflineReason } from '../form';
import { countByMember, locatedInstancesQuery } from '../queries';
import type { MemberRowExtra } from './clusterColumns';

const viewKey = (rows: readonly LxdClusterMember[]) =>
  rows.map((member) => `${member.server_name} ${member.status}`).join('\n');

/** What each member's resources say of its memory, in the order asked. */
const memoryOf = (results: UseQueryResult<LxdResources>[]): MemberRowExtra['memory'][] =>
  results.map((result) =>
    result.data?.memory
      ? { state: 'ok', used: result.data.memory.used, total: result.data.memory.total }
      : result.error
        ? { state: 'error', message: result.error.message }
        : { state: 'loading' },
  );

/**
 * The members list's per-row data: the instance count of each member, and its memory, which
 * comes from each member's resources: asked for the rows in view that can answer (an offline
 * member's call hangs ~10 s and fails), a failure staying in its row.
 */
export function useMemberRowExtra() {
  const instances = useQuery(locatedInstancesQuery);
  const [visible, setVisible] = useState<readonly LxdClusterMember[]>([]);
  // Only a change of the rows in view (or of their status) asks again.
  const onVisibleRowsChange = useCallback((rows: readonly LxdClusterMember[]) => {
    setVisible((previous) => (viewKey(previous) === viewKey(rows) ? previous : rows));
  }, []);
  const names = visible
    .filter((member) => memberOfflineReason(member) === undefined)
    .map((member) => member.server_name);
  const key = names.join('\n');
  const memory = useQueries({
    queries: names.map((name) => ({ ...resourcesQuery(name), retry: 1 })),
    combine: memoryOf,
  });

  const rowExtra = useMemo(() => {
    const counts = instances.data ? countByMember(instances.data) : undefined;
    const byName = new Map((key ? key.split('\n') : []).map((name, i) => [name, memory[i]]));
    return (member: LxdClusterMember): MemberRowExtra => ({
      memory:
        memberOfflineReason(member) === undefined
          ? byName.get(member.server_name)
          : { state: 'unavailable', reason: `Member ${member.status.toLowerCase()}` },
      instances: counts ? (counts.get(member.server_name) ?? 0) : undefined,
    });
  }, [instances.data, key, memory]);
  return { rowExtra, onVisibleRowsChange };
}
