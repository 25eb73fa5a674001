import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link } from '../../shared/routing/router';
import { clusterKeyRoot } from '../../features/cluster/events';
import { clusterMembersQuery } from '../../features/cluster/queries';
import { instanceKeyRoot, instanceListKeyRoot } from '../../features/instances/events';
import type { LxdClusterMember } from '../../lxd/types/cluster';

/**
 * How often a clustered console asks for the members' state. LXD sends no event when a member
 * stops answering heartbeats (or comes back), so this is how an offline member shows up.
 */
export const CLUSTER_HEALTH_INTERVAL_MS = 5_000;

/** 'Member m3 is offline' / '2 members are offline: m2, m3'; undefined when all answer. */
export function clusterHealthText(members: readonly LxdClusterMember[]): string | undefined {
  const down = members.filter((m) => m.status === 'Offline' || m.status === 'Blocked');
  if (down.length === 0) return undefined;
  if (down.length === 1 && down[0])
    return `Member ${down[0].server_name} is ${down[0].status.toLowerCase()}`;
  return `${down.length} members are offline: ${down.map((m) => m.server_name).join(', ')}`;
}

/** Members' name:status pairs, so a change of any member's state is one string comparison. */
export function membersSignature(members: readonly LxdClusterMember[]): string {
  return members
    .map((m) => `${m.server_name}:${m.status}`)
    .sort()
    .join(',');
}

/** Loaded only by a clustered console (see ClusterHealth). */
export default function ClusterWatch() {
  const client = useQueryClient();
  const members = useQuery({ ...clusterMembersQuery, refetchInterval: CLUSTER_HEALTH_INTERVAL_MS });
  const signature = members.data ? membersSignature(members.data) : undefined;
  const previous = useRef<string | undefined>(undefined);

  useEffect(() => {
    if (signature === undefined) return;
    if (previous.current !== undefined && previous.current !== signature) {
      // A member went away or came back: its instances' status (Error while it is offline) and
      // every member page change without any lifecycle event.
      void client.invalidateQueries({ queryKey: instanceKeyRoot });
      // The lists live under their own root (events update them in place; no event here).
      void client.invalidateQueries({ queryKey: instanceListKeyRoot });
      void client.invalidateQueries({
        queryKey: clusterKeyRoot,
        predicate: (query) => query.queryKey.length !== 2 || query.queryKey[1] !== 'members',
      });
    }
    previous.current = signature;
  }, [client, signature]);

  const text = members.data ? clusterHealthText(members.data) : undefined;
  if (!text) return null;
  return (
    <Link className="status-bar__warning" to="/cluster/members">
      <i className="p-icon--warning" aria-hidden="true" /> {text}
    </Link>
  );
}
