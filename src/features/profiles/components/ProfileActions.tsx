import type { LxdProfile } from '../../../lxd/types/profile';
import { RenameDeleteActions } from '../../../shared/ui/RenameDeleteActions';
import { useDeleteProfile, useRenameProfile } from '../queries';
import { deleteProfileBlocker, renameProfileBlocker, validateProfileName } from '../rules';

/** Rename and Delete of a profile's page header. */
export function ProfileActions({
  project,
  profile,
  existingNames,
  renameReason,
  deleteReason,
  onRenamed,
  onDeleted,
}: {
  project: string;
  profile: LxdProfile;
  existingNames: readonly string[];
  /** Why the identity may not rename or delete it (spec §6), if so. */
  renameReason: string | undefined;
  deleteReason: string | undefined;
  onRenamed: (newName: string) => void;
  onDeleted: () => void;
}) {
  const rename = useRenameProfile(project);
  const remove = useDeleteProfile(project);

  return (
    <RenameDeleteActions
      kind="profile"
      name={profile.name}
      renameReason={renameReason ?? renameProfileBlocker(profile)}
      deleteReason={deleteReason ?? deleteProfileBlocker(profile)}
      validate={(name) => validateProfileName(name, existingNames, profile.name)}
      rename={(newName) => rename.mutateAsync({ name: profile.name, newName })}
      remove={() => remove.mutateAsync(profile.name)}
      onRenamed={onRenamed}
      onDeleted={onDeleted}
    />
  );
}
