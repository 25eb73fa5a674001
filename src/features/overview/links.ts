/**
 * Where each figure of the overview leads: the list that explains it, as the instance list's
 * search (src/features/instances/list/filter.ts), the warnings' and operations' filters.
 */
import type { InstanceStatus, InstanceType } from '../../lxd/types/instance';
import type { WarningSeverity } from '../../lxd/types/warning';
import { paths } from '../../shared/routing/paths';

/** Quotes a value with spaces for the search language. */
const value = (text: string) => (/\s/.test(text) ? `"${text}"` : text);

export const statusSearch = (status: InstanceStatus) => `status:${status.toLowerCase()}`;
export const typeSearch = (type: InstanceType) =>
  type === 'virtual-machine' ? 'type:vm' : 'type:container';
export const memberSearch = (member: string) => `location:${value(member)}`;

/** The instances without a CPU (or memory) limit, on one member if given. */
export function withoutLimitSearch(limit: 'cpu' | 'memory', member?: string) {
  const term = `limits.${limit}=`;
  return member === undefined ? term : `${memberSearch(member)} ${term}`;
}

/** The project's instance list with `search` in its address. */
export function instancesLink(project: string, search?: string) {
  const path = paths.instances(project);
  return search ? `${path}?${new URLSearchParams({ search }).toString()}` : path;
}

/** The warnings page showing the warnings of one severity (new ones, as counted). */
export const warningsLink = (severity: WarningSeverity) =>
  `${paths.warnings()}?${new URLSearchParams({ severity }).toString()}`;

/** The operations page of the project. */
export const operationsLink = (project: string) =>
  `${paths.operations()}?${new URLSearchParams({ project }).toString()}`;
