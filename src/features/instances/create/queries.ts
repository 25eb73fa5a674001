/**
 * The lists the configuration form offers (profiles, storage pools, networks), keyed under the
 * instances root so that instance events refresh them too.
 */
import { queryOptions } from '@tanstack/react-query';
import { fetchStoragePoolNames, instanceNameExists } from '../../../lxd/endpoints/instance-create';
import { fetchProfiles } from '../../../lxd/endpoints/profiles';
import { createNameChecker } from '../../../shared/config-form';
import { instanceKeys } from '../keys';

export const formListKeys = {
  profiles: (project: string) => [...instanceKeys.all, 'form', 'profiles', project] as const,
  pools: (project: string) => [...instanceKeys.all, 'form', 'pools', project] as const,
};

export function formProfilesQuery(project: string) {
  return queryOptions({
    queryKey: formListKeys.profiles(project),
    queryFn: ({ signal }) => fetchProfiles(project, { signal }),
  });
}

export function formPoolsQuery(project: string) {
  return queryOptions({
    queryKey: formListKeys.pools(project),
    queryFn: ({ signal }) => fetchStoragePoolNames(project, signal),
    staleTime: 60_000,
  });
}

/** Shared by the create form and the rename field: one lookup in flight at a time. */
export function newNameChecker() {
  return createNameChecker((project, name, signal) => instanceNameExists(project, name, signal));
}
