/** The project's limits against what it uses (GET /1.0/projects/{name}/state). */
import type { LxdProjectState } from '../../lxd/endpoints/projects';
import { formatBytes } from '../../shared/format/bytes';

export interface UsageRow {
  id: string;
  label: string;
  usage: number;
  /** undefined: no limit (LXD answers -1). */
  limit: number | undefined;
  /** "1 of 3", "2 GiB of 4 GiB", "3 (no limit)". */
  text: string;
}

const RESOURCES: readonly { id: string; label: string; bytes?: boolean }[] = [
  { id: 'instances', label: 'Instances' },
  { id: 'containers', label: 'Containers' },
  { id: 'virtual-machines', label: 'Virtual machines' },
  { id: 'cpu', label: 'CPU' },
  { id: 'memory', label: 'Memory', bytes: true },
  { id: 'disk', label: 'Disk', bytes: true },
  { id: 'networks', label: 'Networks' },
  { id: 'processes', label: 'Processes' },
];

/** The rows in a fixed order, then any resource a newer server adds. */
export function usageRows(state: LxdProjectState): UsageRow[] {
  const known = new Set(RESOURCES.map((r) => r.id));
  const extra = Object.keys(state.resources)
    .filter((id) => !known.has(id))
    .sort()
    .map((id) => ({ id, label: id }));
  return [...RESOURCES, ...extra].flatMap((resource) => {
    const value = state.resources[resource.id];
    if (!value) return [];
    const show = (n: number) =>
      'bytes' in resource && resource.bytes ? formatBytes(n) : String(n);
    const limit = value.Limit < 0 ? undefined : value.Limit;
    const text =
      limit === undefined
        ? `${show(value.Usage)} (no limit)`
        : `${show(value.Usage)} of ${show(limit)}`;
    return [{ id: resource.id, label: resource.label, usage: value.Usage, limit, text }];
  });
}
