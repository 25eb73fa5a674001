/**
 * Copying and moving to another server (remote): which remotes may receive, why one may not, and
 * the choices of a target remote (its projects, storage pools and cluster members), asked of
 * that remote.
 */
import { queryOptions } from '@tanstack/react-query';
import { get } from '../../lxd/client';
import { urlNames } from '../../lxd/url-name';
import type { LxdClusterMember } from '../../lxd/types/cluster';
import { pageRemoteName } from './model';
import type { ConsoleRemote } from './remotes';

export const STOP_FIRST = 'Stop the instance first: live migration between servers is not offered';

/** Why `to` cannot receive what `from` sends (instances or volumes), or undefined. */
export function migrationRefusal(
  from: Pick<ConsoleRemote, 'kind'> | undefined,
  to: Pick<ConsoleRemote, 'name' | 'state' | 'kind'> | undefined,
  noun: 'instances' | 'volumes' = 'instances',
): string | undefined {
  if (!to) return undefined;
  if (to.state !== 'online') return `Server ${to.name} is ${to.state}: it cannot receive ${noun}`;
  if (from?.kind && to.kind && from.kind !== to.kind) {
    return `LXD and Incus servers cannot migrate ${noun} to each other`;
  }
  return undefined;
}

/** The remotes a page's objects may go to: every remote but the page's own. */
export function otherRemotes(remotes: readonly ConsoleRemote[] | null | undefined): {
  source: ConsoleRemote | undefined;
  others: ConsoleRemote[];
} {
  if (!remotes || remotes.length < 2) return { source: undefined, others: [] };
  const own = pageRemoteName(remotes);
  return {
    source: remotes.find((remote) => remote.name === own),
    others: remotes.filter((remote) => remote.name !== own),
  };
}

/** A target remote's projects, storage pools and (when clustered) online members. */
export interface DestinationChoices {
  projects: string[];
  pools: string[];
  members: string[] | null;
}

export async function fetchDestinationChoices(
  remote: string,
  clustered: boolean,
  signal?: AbortSignal,
): Promise<DestinationChoices> {
  const [projects, pools, members] = await Promise.all([
    get<string[]>('/1.0/projects', { remote, signal }),
    get<string[]>('/1.0/storage-pools', { remote, signal }),
    clustered
      ? get<LxdClusterMember[]>('/1.0/cluster/members', { remote, recursion: 1, signal })
      : Promise.resolve(null),
  ]);
  return {
    projects: urlNames(projects).sort(),
    pools: urlNames(pools).sort(),
    members: members
      ? members.filter((member) => member.status === 'Online').map((member) => member.server_name)
      : null,
  };
}

export function destinationChoicesQuery(remote: string, clustered: boolean) {
  return queryOptions({
    queryKey: ['console-remotes', 'destination', remote, clustered],
    queryFn: ({ signal }) => fetchDestinationChoices(remote, clustered, signal),
    staleTime: 30_000,
  });
}
