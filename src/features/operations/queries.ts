import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { hasExtension } from '../../lxd/endpoints/server';
import type { LxdOperation } from '../../lxd/types/operation';
import { useServer } from '../../shared/query/server';
import {
  ALL_PROJECTS,
  cancelOperation,
  fetchOperations,
  type OperationScope,
  type ProjectOperation,
} from './api';

export const ALL_PROJECTS_OPERATIONS_EXTENSION = 'operations_get_query_all_projects';

export const operationKeys = {
  all: ['operations'] as const,
  list: (scope: OperationScope) => [...operationKeys.all, 'list', scope] as const,
};

/** The operation keys an operation event of `project` makes stale (for the event stream). */
export function operationEventKeys(project: string) {
  return [operationKeys.list(project), operationKeys.list(ALL_PROJECTS)] as const;
}

export function operationsQuery(scope: OperationScope, allProjects = true) {
  return queryOptions({
    queryKey: operationKeys.list(scope),
    queryFn: ({ signal }) => fetchOperations(scope, allProjects, signal),
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

const newestFirst = (a: LxdOperation, b: LxdOperation) =>
  timestampValue(b.created_at) - timestampValue(a.created_at) ||
  b.created_at.localeCompare(a.created_at);

/** Failure (and cancelled), running (and pending, cancelling) and success; newest first. */
export function groupOperations(operations: readonly ProjectOperation[]): OperationGroups {
  const groups: OperationGroups = { failure: [], running: [], success: [] };
  for (const operation of operations) {
    if (operation.status === 'Success') groups.success.push(operation);
    else if (operation.status === 'Failure' || operation.status === 'Cancelled') {
      groups.failure.push(operation);
    } else groups.running.push(operation);
  }
  groups.failure.sort(newestFirst);
  groups.running.sort(newestFirst);
  groups.success.sort(newestFirst);
  return groups;
}

/** The status-bar text of spec §2. */
export function runningOperationsText(count: number): string {
  return `${count} operation(s) in progress...`;
}

/** The operations of a scope, all projects by default (per project on LXD 5.0.2). */
export function useOperations(scope: OperationScope = ALL_PROJECTS) {
  const server = useServer();
  const allProjects = hasExtension(server.data, ALL_PROJECTS_OPERATIONS_EXTENSION);
  return useQuery({
    ...operationsQuery(scope, allProjects),
    enabled: scope !== ALL_PROJECTS || !server.isPending,
  });
}

/** How many operations are running (for the status bar's link to /ui/operations). */
export function useRunningOperationsCount(scope: OperationScope = ALL_PROJECTS): number {
  const { data } = useOperations(scope);
  return data ? groupOperations(data).running.length : 0;
}

export function useCancelOperation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (operation: ProjectOperation) => cancelOperation(operation.id),
    onSettled: () => client.invalidateQueries({ queryKey: operationKeys.all }),
  });
}
