/**
 * The query keys of the instances: everything under `instanceKeys.all` (events make an
 * instance's own keys stale, see ./events.ts), the lists under their own root (events update
 * them in place, see ./applyInstanceEvent.ts).
 */
import { instanceKeyRoot, instanceListKeyRoot } from './events';

export const instanceKeys = {
  all: instanceKeyRoot,
  /** The lists are under their own root: events update them in place (see ./events.ts). */
  project: (project: string) => [...instanceListKeyRoot, 'project', project] as const,
  allProjects: () => [...instanceListKeyRoot, 'all-projects'] as const,
  /** A list with the caller's entitlements on each instance (fine-grained mode). */
  entitled: (project: string | undefined, entitlements: string) =>
    [...instanceKeys.all, 'entitled', project ?? '', entitlements] as const,
  state: (project: string, name: string) => [...instanceKeys.all, 'state', project, name] as const,
  snapshotCount: (project: string, name: string) =>
    [...instanceKeys.all, 'snapshot-count', project, name] as const,
  /** The detail page's data of one instance (its snapshots included). */
  detail: (project: string, name: string) =>
    [...instanceKeys.all, 'detail', project, name] as const,
};

/** The list query's key (also where events and the window fetch put what they learn). */
export function instanceListKey(project: string | undefined, entitlements?: string) {
  return entitlements !== undefined
    ? instanceKeys.entitled(project, entitlements)
    : project === undefined
      ? instanceKeys.allProjects()
      : instanceKeys.project(project);
}
