import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  createProject,
  deleteProject,
  renameProject,
  updateProject,
} from '../../lxd/endpoints/projects';
import type { LxdProjectPut, LxdProjectsPost } from '../../lxd/types/project';
import { useAuth } from '../../shared/auth/context';
import { PROJECT_RULES } from '../../shared/permissions/rules';
import { usePermissions } from '../../shared/permissions/usePermissions';
import { projectEventPrefixes, projectKeys } from '../../shared/query/projects';

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
    mutationFn: ({ name, force }: { name: string; force: boolean }) => deleteProject(name, force),
    onSuccess: (_result, { name }) => {
      client.removeQueries({ queryKey: projectKeys.detail(name) });
      void client.invalidateQueries({ queryKey: projectKeys.all });
    },
  });
}

/** A restricted certificate may view project settings only. */
export const RESTRICTED_EDIT_PROJECT =
  'Your certificate is restricted: project settings can only be viewed';

/** Why each change of a project is not allowed, or undefined where it is. */
export interface ProjectAbilities {
  editReason: string | undefined;
  renameReason: string | undefined;
  deleteReason: string | undefined;
}

/**
 * What the user may do with a project (spec §6): everything unless fine-grained, then the
 * project's entitlements. A restricted certificate may not change project settings.
 */
export function useProjectAbilities(project: string): ProjectAbilities {
  const { isRestricted } = useAuth();
  const permissions = usePermissions();
  const reason = (action: 'renameProject' | 'deleteProject') =>
    isRestricted ? PROJECT_RULES[action].reason : permissions.inProject(project, action);
  return {
    editReason: isRestricted
      ? RESTRICTED_EDIT_PROJECT
      : permissions.inProject(project, 'editProject'),
    renameReason: reason('renameProject'),
    deleteReason: reason('deleteProject'),
  };
}
