import type { LxdProfile } from '../../../lxd/types/profile';
import { useNotify } from '../../../shared/notifications';
import { ConfirmButton } from '../../../shared/ui/ConfirmButton';
import { RenameButton } from '../../projects';
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
  const notify = useNotify();
  const rename = useRenameProfile(project);
  const remove = useDeleteProfile(project);
  const renameReason = canEdit ? renameProfileBlocker(profile) : PROFILE_MESSAGES.noEdit;
  const deleteReason = canDelete ? deleteProfileBlocker(profile) : PROFILE_MESSAGES.noDelete;

  return (
    <div className="page-header__actions">
      <RenameButton
        title="Rename profile"
        currentName={profile.name}
        disabledReason={renameReason}
        validate={(name) => validateProfileName(name, existingNames, profile.name)}
        onRename={async (newName) => {
          await rename.mutateAsync({ name: profile.name, newName });
          notify.success('Profile renamed', `Profile ${profile.name} is now ${newName}.`);
          onRenamed(newName);
        }}
      />
      <ConfirmButton
        label="Delete"
        title="Delete profile"
        confirmLabel="Delete"
        danger
        disabled={deleteReason !== undefined}
        disabledReason={deleteReason}
        message={
          <p>
            This will permanently delete profile <strong>{profile.name}</strong>.
          </p>
        }
        onConfirm={async () => {
          await remove.mutateAsync(profile.name);
          notify.success('Profile deleted', `Profile ${profile.name} was deleted.`);
          onDeleted();
        }}
      />
    </div>
  );
}
