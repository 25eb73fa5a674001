import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { useCallback } from 'react';
import { hasExtension } from '../../lxd/endpoints/server';
import type { LxdOperation, ProjectOperation } from '../../lxd/types/operation';
import { useAuth } from '../../shared/auth/context';
import { usePermissions } from '../../shared/permissions/usePermissions';
import { useServer } from '../../shared/query/server';
import {
  ALL_PROJECTS,
  cancelOperation,
  fetchOperations,
  type OperationScope,
} from '../../lxd/endpoints/operations';

export const ALL_PROJECTS_OPERATIONS_EXTENSION = 'operations_get_query_all_projects';

export const operationKeys = {
  all: ['operations'] as const,
  list: (scope: OperationScope) => [...operationKeys.all, 'list', scope] as const,
};

/** The operation keys an operation event of `project` makes stale (for the event stream). */
export function operationEventKeys(project: string) {
  return [operationKeys.list(project), operationKeys.list(ALL_PROJECTS)] as const;
}

/**
 * Operations that ended (success, failure, cancelled) as the event stream reported them, kept
 * for a minute: LXD forgets a failed exec 5 s after it ends, and a refetch that was already on
 * its way, or one that failed while the network changed, must not make it vanish unseen.
 * At most RECENTLY_ENDED_MAX of each kind (failed or cancelled; succeeded) are kept, the newest:
 * a steady stream of lifecycle changes (hundreds of operations a minute) must not grow the
 * tab's memory, and a burst of successes must not push a failure out.
 */
export const RECENTLY_ENDED_KEEP_MS = 60_000;
export const RECENTLY_ENDED_MAX = 50;
interface EndedEntry {
  operation: ProjectOperation;
  at: number;
}
const recentlySucceeded = new Map<string, EndedEntry>();
const recentlyFailed = new Map<string, EndedEntry>();

function prune(entries: Map<string, EndedEntry>, now: number) {
  // Oldest first (insertion order): drop from the front until one is young enough.
  for (const [id, entry] of entries) {
    if (now - entry.at <= RECENTLY_ENDED_KEEP_MS && entries.size <= RECENTLY_ENDED_MAX) break;
    entries.delete(id);
  }
}

function rememberEnded(operation: ProjectOperation, now: number) {
  const kept =
    operation.status === 'Success'
      ? recentlySucceeded
      : operation.status === 'Failure' || operation.status === 'Cancelled'
        ? recentlyFailed
        : undefined;
  if (kept) {
    kept.delete(operation.id);
    kept.set(operation.id, { operation, at: now });
  }
  prune(recentlySucceeded, now);
  prune(recentlyFailed, now);
}

/** A fetched list plus the recently ended operations of its scope that LXD no longer lists. */
export function withRecentlyEnded(
  scope: OperationScope,
  list: ProjectOperation[],
  now = Date.now(),
): ProjectOperation[] {
  const listed = new Set(list.map((operation) => operation.id));
  const extra: ProjectOperation[] = [];
  for (const { operation, at } of [...recentlyFailed.values(), ...recentlySucceeded.values()]) {
    if (now - at > RECENTLY_ENDED_KEEP_MS || listed.has(operation.id)) continue;
    if (scope === ALL_PROJECTS || operation.project === scope) extra.push(operation);
  }
  return extra.length > 0 ? [...extra, ...list] : list;
}

/** For tests: forget what the event stream reported. */
export function forgetRecentlyEnded() {
  recentlySucceeded.clear();
  recentlyFailed.clear();
}

/**
 * Puts the operation of an event into the open operation lists of its project (and of all
 * projects), replacing the one with the same id, so it shows before the next refetch; an ended
 * one is also remembered for a minute (withRecentlyEnded). Lists no screen has loaded are left
 * alone.
 */
export function upsertOperation(
  client: QueryClient,
  project: string,
  operation: LxdOperation,
  now = Date.now(),
) {
  const entry: ProjectOperation = { ...operation, project };
  rememberEnded(entry, now);
  for (const key of operationEventKeys(project)) {
    client.setQueryData<ProjectOperation[]>(key, (list) => {
      if (!list) return list;
      const index = list.findIndex((item) => item.id === entry.id);
      if (index === -1) return [entry, ...list];
      const next = list.slice();
      next[index] = entry;
      return next;
    });
  }
}

export function operationsQuery(scope: OperationScope, allProjects = true) {
  return queryOptions({
    queryKey: operationKeys.list(scope),
    queryFn: async ({ signal }) =>
      withRecentlyEnded(scope, await fetchOperations(scope, allProjects, signal)),
  });
}

export interface OperationGroups {
  failure: ProjectOperation[];
  running: ProjectOperation[];
  success: ProjectOperation[];
}

/** Epoch ms of an LXD timestamp (nanosecond fractions are cut to milliseconds). */
export function timestampValue(value: string): number {
  const time = Date.parse(value.replace(/\.(\d{1,3})\d*/, '.$1'));
  return Number.isNaN(time) ? 0 : time;
}

/**
 * Sorts newest first. Each timestamp is read once (not once per comparison): during a bulk
 * action the cached lists hold a thousand operations and each event sorts them again.
 */
function newestFirst(operations: ProjectOperation[]): ProjectOperation[] {
  const keyed = operations.map((operation) => ({
    operation,
    time: timestampValue(operation.created_at),
  }));
  keyed.sort(
    (a, b) => b.time - a.time || b.operation.created_at.localeCompare(a.operation.created_at),
  );
  return keyed.map((entry) => entry.operation);
}

const isRunning = (operation: LxdOperation) =>
  operation.status !== 'Success' &&
  operation.status !== 'Failure' &&
  operation.status !== 'Cancelled';

/** Failure (and cancelled), running (and pending, cancelling) and success; newest first. */
export function groupOperations(operations: readonly ProjectOperation[]): OperationGroups {
  const groups: OperationGroups = { failure: [], running: [], success: [] };
  for (const operation of operations) {
    if (operation.status === 'Success') groups.success.push(operation);
    else if (!isRunning(operation)) groups.failure.push(operation);
    else groups.running.push(operation);
  }
  return {
    failure: newestFirst(groups.failure),
    running: newestFirst(groups.running),
    success: newestFirst(groups.success),
  };
}

/** How many of `operations` are running (pending and cancelling count), without sorting. */
export function countRunning(operations: readonly LxdOperation[]): number {
  let count = 0;
  for (const operation of operations) if (isRunning(operation)) count += 1;
  return count;
}

/** The status-bar text of spec §2. */
export function runningOperationsText(count: number): string {
  return `${count} operation(s) in progress...`;
}

/** The operations query of a scope on this server (all projects at once where LXD can). */
function useOperationsOptions(scope: OperationScope, allowed: boolean) {
  const server = useServer();
  const allProjects = hasExtension(server.data, ALL_PROJECTS_OPERATIONS_EXTENSION);
  return {
    ...operationsQuery(scope, allProjects),
    enabled: allowed && (scope !== ALL_PROJECTS || !server.isPending),
  };
}

/** The operations of a scope, all projects by default (per project on LXD 5.0.2). */
export function useOperations(scope: OperationScope = ALL_PROJECTS, allowed = true) {
  return useQuery(useOperationsOptions(scope, allowed));
}

export const NO_OPERATIONS_ANYWHERE =
  'You do not have permission to view the operations of any project';

/**
 * Spec §6 (fine-grained): which projects' operations the identity may not see (their
 * can_view_operations), and why the scope cannot be shown at all, if so.
 */
export function useOperationsVisibility(scope: OperationScope) {
  const { projects } = useAuth();
  const permissions = usePermissions();
  const hidden = projects
    .filter((project) => permissions.inProject(project.name, 'viewOperations') !== undefined)
    .map((project) => project.name);
  const reason =
    scope === ALL_PROJECTS
      ? projects.length > 0 && hidden.length === projects.length
        ? NO_OPERATIONS_ANYWHERE
        : undefined
      : permissions.inProject(scope, 'viewOperations');
  return { hidden: scope === ALL_PROJECTS ? hidden : [], reason };
}

/** How many operations are running (for the status bar's link to /ui/operations). */
export function useRunningOperationsCount(scope: OperationScope = ALL_PROJECTS): number {
  // The count alone is selected: the status bar renders again only when it changes, not on
  // every operation event.
  const { data } = useQuery({ ...useOperationsOptions(scope, true), select: countRunning });
  return data ?? 0;
}

export function useCancelOperation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (operation: ProjectOperation) => cancelOperation(operation.id),
    onSettled: () => client.invalidateQueries({ queryKey: operationKeys.all }),
  });
}

/**
 * Why the identity may not cancel `operation`, or undefined: LXD lets the identity that started
 * an operation cancel it, and others only with the server's can_edit.
 */
export function useCancelReason(): (operation: ProjectOperation) => string | undefined {
  const { identity, server } = useAuth();
  const denied = usePermissions().onServer('cancelOthersOperations');
  return useCallback(
    (operation: ProjectOperation) => {
      const starter = operation.requestor?.username;
      const own = starter !== undefined && [identity?.id, server.auth_user_name].includes(starter);
      return own ? undefined : denied;
    },
    [identity, server, denied],
  );
}
