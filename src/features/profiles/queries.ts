import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { fetchStoragePoolNames } from '../../lxd/endpoints/instance-create';
import {
  createProfile,
  deleteProfile,
  fetchProfile,
  fetchProfiles,
  renameProfile,
  updateProfile,
} from '../../lxd/endpoints/profiles';
import type { LxdProfilePut, LxdProfilesPost } from '../../lxd/types/profile';
import {
  assertFineGrainedKnown,
  entitlementsParam,
  type FineGrained,
} from '../../shared/permissions/entitlements';
import { ENTITY_ENTITLEMENTS } from '../../shared/permissions/rules';
import { profileEventPrefixes, profileKeyRoot } from './events';

export { profileEventPrefixes };

export const profileKeys = {
  all: profileKeyRoot,
  project: (project: string) => [...profileKeys.all, 'project', project] as const,
  list: (project: string, entitlements: string) =>
    [...profileKeys.project(project), 'list', entitlements] as const,
  detail: (project: string, name: string) =>
    [...profileKeys.project(project), 'detail', name] as const,
  pools: (project: string) => [...profileKeys.all, 'form', 'pools', project] as const,
};

export function profilesQuery(project: string, isFineGrained: FineGrained) {
  const entitlements = entitlementsParam(isFineGrained, ENTITY_ENTITLEMENTS.profile) ?? '';
  return queryOptions({
    queryKey: profileKeys.list(project, entitlements),
    queryFn: ({ signal }) => {
      assertFineGrainedKnown(isFineGrained);
      return fetchProfiles(project, { entitlements: entitlements || undefined, signal });
    },
    enabled: isFineGrained !== null,
  });
}

export function profileQuery(project: string, name: string) {
  return queryOptions({
    queryKey: profileKeys.detail(project, name),
    queryFn: ({ signal }) => fetchProfile(project, name, signal),
  });
}

export function poolsQuery(project: string) {
  return queryOptions({
    queryKey: profileKeys.pools(project),
    queryFn: ({ signal }) => fetchStoragePoolNames(project, signal),
    staleTime: 60_000,
  });
}

/** Profiles of a project may be shared with others (features.profiles off): refresh them all. */
function useInvalidateProfiles() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: profileKeys.all });
}

export function useCreateProfile(project: string) {
  const invalidate = useInvalidateProfiles();
  return useMutation({
    mutationFn: (body: LxdProfilesPost) => createProfile(project, body),
    onSuccess: invalidate,
  });
}

/** Creates a copy of a profile in any project (the copy dialog picks the target). */
export function useCopyProfile() {
  const invalidate = useInvalidateProfiles();
  return useMutation({
    mutationFn: ({ project, body }: { project: string; body: LxdProfilesPost }) =>
      createProfile(project, body),
    onSuccess: invalidate,
  });
}

export function useUpdateProfile(project: string, name: string) {
  const invalidate = useInvalidateProfiles();
  return useMutation({
    mutationFn: ({ body, etag }: { body: LxdProfilePut; etag: string | undefined }) =>
      updateProfile(project, name, body, etag),
    onSuccess: invalidate,
  });
}

export function useRenameProfile(project: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ name, newName }: { name: string; newName: string }) =>
      renameProfile(project, name, newName),
    onSuccess: (_result, { name }) => {
      // Not awaited: the page moves to the new name at once.
      client.removeQueries({ queryKey: profileKeys.detail(project, name) });
      void client.invalidateQueries({ queryKey: profileKeys.all });
    },
  });
}

export function useDeleteProfile(project: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => deleteProfile(project, name),
    onSuccess: (_result, name) => {
      client.removeQueries({ queryKey: profileKeys.detail(project, name) });
      void client.invalidateQueries({ queryKey: profileKeys.all });
    },
  });
}
