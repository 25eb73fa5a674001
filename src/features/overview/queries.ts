/**
 * The overview's own queries: each member's resources (capacity and memory in use) and state
 * (load), asked in parallel with the instance list (reused from the instances feature, names
 * first) and with the warnings, operations and project of their own features.
 */
import { queryOptions } from '@tanstack/react-query';
import { LxdApiError } from '../../lxd/client';
import { fetchClusterMemberState } from '../../lxd/endpoints/cluster';
import { fetchResources } from '../../lxd/endpoints/resources';
import { fetchActivity } from '../activity';
import { failedInJournal, type JournalFailures } from './counts';

export const overviewKeys = {
  all: ['overview'] as const,
  resources: (member: string) => [...overviewKeys.all, 'resources', member] as const,
  memberState: (member: string) => [...overviewKeys.all, 'member-state', member] as const,
};

/** Memory in use and load change all the time: asked again this often while shown. */
export const HEALTH_REFRESH_MS = 30_000;

/** GET /1.0/resources of one member (`?target=`), or of the server when `member` is ''. */
export function resourcesQuery(member: string) {
  return queryOptions({
    queryKey: overviewKeys.resources(member),
    queryFn: ({ signal }) => fetchResources(member || undefined, signal),
    staleTime: HEALTH_REFRESH_MS,
    refetchInterval: HEALTH_REFRESH_MS,
    retry: (count, error) => !isRefused(error) && count < 2,
  });
}

/** GET /1.0/cluster/members/{m}/state (extension cluster_member_state): the load averages. */
export function memberStateQuery(member: string, enabled: boolean) {
  return queryOptions({
    queryKey: overviewKeys.memberState(member),
    queryFn: ({ signal }) => fetchClusterMemberState(member, signal),
    staleTime: HEALTH_REFRESH_MS,
    refetchInterval: HEALTH_REFRESH_MS,
    enabled,
    retry: (count, error) => !isRefused(error) && count < 2,
  });
}

/** LXD refused the identity (403): a figure it may not read. */
export const isRefused = (error: unknown) => error instanceof LxdApiError && error.status === 403;

/** The most journal entries of the last hour asked for (the server's maximum page). */
const JOURNAL_LIMIT = 500;

/**
 * The operations of the project that failed in the last hour, from the console server's journal
 * (LXD forgets an operation seconds after it ends); null where there is no journal (404).
 */
export function journalFailuresQuery(
  project: string,
  remote: string | undefined,
  enabled: boolean,
) {
  return queryOptions({
    queryKey: [...overviewKeys.all, 'journal-failures', project, remote ?? ''] as const,
    queryFn: async ({ signal }): Promise<JournalFailures | null> => {
      const since = new Date(Date.now() - 3_600_000).toISOString();
      const page = await fetchActivity(
        { project, since, ...(remote ? { remote } : {}) },
        { limit: JOURNAL_LIMIT },
        signal,
      );
      return 'reason' in page ? null : failedInJournal(page.entries, page.more);
    },
    enabled,
    staleTime: HEALTH_REFRESH_MS,
    refetchInterval: HEALTH_REFRESH_MS,
    retry: false,
  });
}
