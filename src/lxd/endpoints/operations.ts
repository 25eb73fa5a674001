import { del, get } from '../client';
import { urlNames } from '../url-name';
import type { LxdOperation, LxdOperationList, ProjectOperation } from '../types/operation';

/** The scope of an operations list: one project, or every project the user may see. */
export const ALL_PROJECTS = 'all-projects';
export type OperationScope = string;

/** The project named by the `?project=` of an operation's resource URLs, if any. */
function projectOfResources(operation: LxdOperation): string | undefined {
  for (const urls of Object.values(operation.resources ?? {})) {
    for (const url of urls) {
      const project = new URL(url, 'http://lxd').searchParams.get('project');
      if (project) return project;
    }
  }
  return undefined;
}

/** LXD groups by lower-cased status (running, success, failure, cancelled, …): flatten all. */
function flatten(list: LxdOperationList | null, project: string | undefined): ProjectOperation[] {
  const groups = Object.values((list ?? {}) as Record<string, LxdOperation[] | null>);
  return groups.flatMap((group) =>
    (group ?? []).map((operation) => ({
      ...operation,
      project: project || operation.project || projectOfResources(operation) || 'default',
    })),
  );
}

async function fetchProjectOperations(project: string, signal?: AbortSignal) {
  const list = await get<LxdOperationList | null>('/1.0/operations', {
    project,
    recursion: 1,
    signal,
  });
  return flatten(list, project);
}

/**
 * GET /1.0/operations?recursion=1 with project= or all-projects=true. Servers without the
 * `operations_get_query_all_projects` extension (LXD 5.0.2) silently ignore all-projects, so
 * they are asked project by project.
 */
export async function fetchOperations(
  scope: OperationScope,
  allProjectsSupported: boolean,
  signal?: AbortSignal,
): Promise<ProjectOperation[]> {
  if (scope !== ALL_PROJECTS) return fetchProjectOperations(scope, signal);
  if (allProjectsSupported) {
    const list = await get<LxdOperationList | null>('/1.0/operations', {
      recursion: 1,
      params: { 'all-projects': true },
      signal,
    });
    return flatten(list, undefined);
  }
  const projects = await fetchProjectNames(signal);
  const lists = await Promise.all(projects.map((name) => fetchProjectOperations(name, signal)));
  return lists.flat();
}

/** The names of the projects the user may see (GET /1.0/projects gives their URLs). */
export async function fetchProjectNames(signal?: AbortSignal): Promise<string[]> {
  const urls = await get<string[]>('/1.0/projects', { signal });
  return urlNames(urls);
}

/** DELETE /1.0/operations/{id}: cancels a running operation that may be cancelled. */
export async function cancelOperation(id: string): Promise<void> {
  await del(`/1.0/operations/${encodeURIComponent(id)}`);
}
