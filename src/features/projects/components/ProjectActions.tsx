import type { LxdProject } from '../../../lxd/types/project';
import { useNotify } from '../../../shared/notifications';
import { ConfirmButton } from '../../../shared/ui/ConfirmButton';
import { deleteProjectBlocker, renameProjectBlocker } from '../contents';
import { useDeleteProject, useRenameProject, type ProjectAbilities } from '../queries';
import { validateProjectName } from '../validation';
import { RenameButton } from './RenameButton';
import { useAuth } from '../../../shared/auth/context';

export const NO_RENAME_PROJECT_PERMISSION = 'You do not have permission to rename this project';
export const NO_DELETE_PROJECT_PERMISSION = 'You do not have permission to delete this project';

/** Rename and Delete of the configuration page header. */
export function ProjectActions({
  project,
  abilities,
  onRenamed,
  onDeleted,
}: {
  project: LxdProject;
  abilities: ProjectAbilities;
  onRenamed: (newName: string) => void;
  onDeleted: () => void;
}) {
  const { projects } = useAuth();
  const notify = useNotify();
  const rename = useRenameProject();
  const remove = useDeleteProject();
  const renameReason = abilities.canEdit
    ? renameProjectBlocker(project)
    : NO_RENAME_PROJECT_PERMISSION;
  const deleteReason = abilities.canDelete
    ? deleteProjectBlocker(project)
    : NO_DELETE_PROJECT_PERMISSION;

  return (
    <div className="page-header__actions">
      <RenameButton
        title="Rename project"
        currentName={project.name}
        disabledReason={renameReason}
        validate={(name) =>
          validateProjectName(
            name,
            projects.map((p) => p.name),
            project.name,
          )
        }
        onRename={async (newName) => {
          await rename.mutateAsync({ name: project.name, newName });
          notify.success('Project renamed', `Project ${project.name} is now ${newName}.`);
          onRenamed(newName);
        }}
      />
      <ConfirmButton
        label="Delete"
        title="Delete project"
        confirmLabel="Delete"
        danger
        disabled={deleteReason !== undefined}
        disabledReason={deleteReason}
        message={
          <p>
            This will permanently delete project <strong>{project.name}</strong>.
          </p>
        }
        onConfirm={async () => {
          await remove.mutateAsync(project.name);
          notify.success('Project deleted', `Project ${project.name} was deleted.`);
          onDeleted();
        }}
      />
    </div>
  );
}
