/**
 * Detail page data, keyed under `instanceKeys.all` so that `instance-*` lifecycle events (and
 * every instance mutation) refresh it.
 */
import { queryOptions } from '@tanstack/react-query';
import { fetchInstance, fetchLogFile, fetchLogFiles } from '../../../lxd/endpoints/instance-detail';
import { fetchSnapshots } from '../../../lxd/endpoints/instance-snapshots';
import { assertFineGrainedKnown, type FineGrained } from '../../../shared/permissions/entitlements';
import { instanceKeys } from '../keys';
import { instanceEntitlements } from '../queries';

export const detailKeys = {
  instance: instanceKeys.detail,
  snapshots: (project: string, name: string) =>
    [...instanceKeys.all, 'detail', project, name, 'snapshots'] as const,
  logs: (project: string, name: string) =>
    [...instanceKeys.all, 'detail', project, name, 'logs'] as const,
  logFile: (project: string, name: string, file: string) =>
    [...instanceKeys.all, 'detail', project, name, 'logs', file] as const,
};

/** One instance; in fine-grained mode with the caller's entitlements on it. */
export function instanceQuery(project: string, name: string, isFineGrained: FineGrained = false) {
  const entitlements = instanceEntitlements(isFineGrained);
  const queryKey: readonly unknown[] =
    entitlements === undefined
      ? detailKeys.instance(project, name)
      : [...detailKeys.instance(project, name), 'entitled', entitlements];
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => {
      assertFineGrainedKnown(isFineGrained);
      return fetchInstance(project, name, signal, entitlements);
    },
    enabled: isFineGrained !== null,
  });
}

export function snapshotsQuery(project: string, name: string) {
  return queryOptions({
    queryKey: detailKeys.snapshots(project, name),
    queryFn: ({ signal }) => fetchSnapshots(project, name, signal),
  });
}

export function logFilesQuery(project: string, name: string) {
  return queryOptions({
    queryKey: detailKeys.logs(project, name),
    queryFn: ({ signal }) => fetchLogFiles(project, name, signal),
  });
}

export function logFileQuery(project: string, name: string, file: string) {
  return queryOptions({
    queryKey: detailKeys.logFile(project, name, file),
    queryFn: ({ signal }) => fetchLogFile(project, name, file, signal),
  });
}
