import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { hasExtension } from '../../lxd/endpoints/server';
import type { LxdOperation } from '../../lxd/types/operation';
import { useAuth } from '../../shared/auth/context';
import { usePermissions } from '../../shared/permissions/usePermissions';
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
export function useOperations(scope: OperationScope = ALL_PROJECTS, allowed = true) {
  const server = useServer();
  const allProjects = hasExtension(server.data, ALL_PROJECTS_OPERATIONS_EXTENSION);
  return useQuery({
    ...operationsQuery(scope, allProjects),
    enabled: allowed && (scope !== ALL_PROJECTS || !server.isPending),
  });
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
