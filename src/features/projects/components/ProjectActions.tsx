import { useState } from 'react';
import type { LxdProject } from '../../../lxd/types/project';
import { RenameDeleteActions } from '../../../shared/ui/RenameDeleteActions';
import { TextField } from '../../../shared/ui/TextField';
import {
  deleteProjectBlocker,
  FORCE_DELETE_EXTENSION,
  isProjectEmpty,
  renameProjectBlocker,
} from '../contents';
import { useDeleteProject, useRenameProject, type ProjectAbilities } from '../queries';
import { validateProjectName } from '../validation';
import { hasServerExtension, useAuth } from '../../../shared/auth/context';

/** Rename and Delete of the configuration page header; the delete is confirmed by the name. */
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
  const auth = useAuth();
  const rename = useRenameProject();
  const remove = useDeleteProject();
  const canForce = hasServerExtension(auth, FORCE_DELETE_EXTENSION);
  const [typed, setTyped] = useState('');
  const [force, setForce] = useState(false);
  const renameReason = abilities.renameReason ?? renameProjectBlocker(project);
  const deleteReason = abilities.deleteReason ?? deleteProjectBlocker(project, canForce);
  const matches = typed === project.name;

  return (
    <RenameDeleteActions
      kind="project"
      name={project.name}
      renameReason={renameReason}
      deleteReason={deleteReason}
      validate={(name) =>
        validateProjectName(
          name,
          auth.projects.map((p) => p.name),
          project.name,
        )
      }
      rename={(newName) => rename.mutateAsync({ name: project.name, newName })}
      remove={() => remove.mutateAsync({ name: project.name, force: canForce && force })}
      onRenamed={onRenamed}
      onDeleted={onDeleted}
      onDeleteOpen={() => {
        setTyped('');
        setForce(false);
      }}
      deleteConfirmDisabled={!matches || (canForce && !isProjectEmpty(project) && !force)}
      deleteExtra={
        <>
          <TextField
            label={`Type ${project.name} to confirm`}
            value={typed}
            onChange={setTyped}
            error={typed !== '' && !matches ? 'The name does not match' : undefined}
          />
          {canForce && (
            <label className="p-checkbox">
              <input
                type="checkbox"
                className="p-checkbox__input"
                checked={force}
                onChange={(event) => {
                  setForce(event.target.checked);
                }}
              />
              <span className="p-checkbox__label">
                Force: delete everything in the project (instances, images, volumes, networks,
                profiles)
              </span>
            </label>
          )}
        </>
      }
    />
  );
}
