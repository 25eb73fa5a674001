import type { LxdProfile } from '../../../lxd/types/profile';
import { RenameDeleteActions } from '../../../shared/ui/RenameDeleteActions';
import { useDeleteProfile, useRenameProfile } from '../queries';
import {
  deleteProfileBlocker,
  PROFILE_MESSAGES,
  renameProfileBlocker,
  validateProfileName,
} from '../rules';

/** Rename and Delete of a profile's page header. */
export function ProfileActions({
  project,
  profile,
  existingNames,
  canEdit,
  canDelete,
  onRenamed,
  onDeleted,
}: {
  project: string;
  profile: LxdProfile;
  existingNames: readonly string[];
  canEdit: boolean;
  canDelete: boolean;
  onRenamed: (newName: string) => void;
  onDeleted: () => void;
}) {
  const rename = useRenameProfile(project);
  const remove = useDeleteProfile(project);
  const renameReason = canEdit ? renameProfileBlocker(profile) : PROFILE_MESSAGES.noEdit;
  const deleteReason = canDelete ? deleteProfileBlocker(profile) : PROFILE_MESSAGES.noDelete;

  return (
    <RenameDeleteActions
      kind="profile"
      name={profile.name}
      renameReason={renameReason}
      deleteReason={deleteReason}
      validate={(name) => validateProfileName(name, existingNames, profile.name)}
      rename={(newName) => rename.mutateAsync({ name: profile.name, newName })}
      remove={() => remove.mutateAsync(profile.name)}
      onRenamed={onRenamed}
      onDeleted={onDeleted}
    />
  );
}
