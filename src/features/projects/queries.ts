import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createProject,
  deleteProject,
  renameProject,
  updateProject,
} from '../../lxd/endpoints/projects';
import type { LxdProject, LxdProjectPut, LxdProjectsPost } from '../../lxd/types/project';
import { useAuth } from '../../shared/auth/context';
import { hasEntitlement } from '../../shared/permissions/entitlements';
import {
  projectEventPrefixes,
  projectKeys,
  projectsWithEntitlementsQuery,
} from '../../shared/query/projects';

export { projectEventPrefixes, projectKeys };

/** Create, rename and delete change the shell's project selector: refresh every project query. */
function useInvalidateProjects() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: projectKeys.all });
}

export function useCreateProject() {
  const invalidate = useInvalidateProjects();
  return useMutation({
    mutationFn: (body: LxdProjectsPost) => createProject(body),
    onSuccess: invalidate,
  });
}

export function useUpdateProject(name: string) {
  const invalidate = useInvalidateProjects();
  return useMutation({
    mutationFn: ({ body, etag }: { body: LxdProjectPut; etag: string | undefined }) =>
      updateProject(name, body, etag),
    onSuccess: invalidate,
  });
}

export function useRenameProject() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ name, newName }: { name: string; newName: string }) =>
      renameProject(name, newName),
    onSuccess: (_result, { name }) => {
      // Not awaited: the page moves to the new name at once.
      client.removeQueries({ queryKey: projectKeys.detail(name) });
      void client.invalidateQueries({ queryKey: projectKeys.all });
    },
  });
}

export function useDeleteProject() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => deleteProject(name),
    onSuccess: (_result, name) => {
      client.removeQueries({ queryKey: projectKeys.detail(name) });
      void client.invalidateQueries({ queryKey: projectKeys.all });
    },
  });
}

export interface ProjectAbilities {
  canEdit: boolean;
  canDelete: boolean;
  canCreateProfiles: boolean;
}

/**
 * What the user may do in a project (spec §6): everything unless fine-grained, then the
 * project's entitlements. A restricted certificate may not change project settings.
 */
export function useProjectAbilities(project: string): ProjectAbilities {
  const { isFineGrained, isRestricted } = useAuth();
  const list = useQuery(projectsWithEntitlementsQuery(isFineGrained));
  const entitled: LxdProject | undefined = list.data?.find((p) => p.name === project);
  return {
    canEdit: !isRestricted && hasEntitlement(isFineGrained, 'can_edit', entitled),
    canDelete: !isRestricted && hasEntitlement(isFineGrained, 'can_delete', entitled),
    canCreateProfiles: hasEntitlement(isFineGrained, 'can_create_profiles', entitled),
  };
}
