import type { LxdProject } from '../../../lxd/types/project';
import { RenameDeleteActions } from '../../../shared/ui/RenameDeleteActions';
import { deleteProjectBlocker, renameProjectBlocker } from '../contents';
import { useDeleteProject, useRenameProject, type ProjectAbilities } from '../queries';
import { validateProjectName } from '../validation';
import { useAuth } from '../../../shared/auth/context';

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
  const rename = useRenameProject();
  const remove = useDeleteProject();
  const renameReason = abilities.renameReason ?? renameProjectBlocker(project);
  const deleteReason = abilities.deleteReason ?? deleteProjectBlocker(project);

  return (
    <RenameDeleteActions
      kind="project"
      name={project.name}
      renameReason={renameReason}
      deleteReason={deleteReason}
      validate={(name) =>
        validateProjectName(
          name,
          projects.map((p) => p.name),
          project.name,
        )
      }
      rename={(newName) => rename.mutateAsync({ name: project.name, newName })}
      remove={() => remove.mutateAsync(project.name)}
      onRenamed={onRenamed}
      onDeleted={onDeleted}
    />
  );
}
