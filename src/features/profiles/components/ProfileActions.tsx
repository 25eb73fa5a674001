import { useQuery } from '@tanstack/react-query';
import type { LxdProfile } from '../../../lxd/types/profile';
import { useAuth } from '../../../shared/auth/context';
import { usePermissions } from '../../../shared/permissions/usePermissions';
import { paths } from '../../../shared/routing/paths';
import { useNavigate } from '../../../shared/routing/router';
import { RenameDeleteActions } from '../../../shared/ui/RenameDeleteActions';
import { profilesQuery, useDeleteProfile, useRenameProfile } from '../queries';
import { deleteProfileBlocker, renameProfileBlocker, validateProfileName } from '../rules';
import { CopyProfileButton } from './CopyProfileButton';

/**
 * Copy, Rename and Delete of a profile's page header. The reasons come from the profile as the
 * list has it (with its entitlements in fine-grained mode); a rename keeps the tab.
 */
export function ProfileActions({
  project,
  profile,
  activeTab,
}: {
  project: string;
  profile: LxdProfile;
  activeTab: string | undefined;
}) {
  const { isFineGrained } = useAuth();
  const navigate = useNavigate();
  const permissions = usePermissions();
  const list = useQuery(profilesQuery(project, isFineGrained));
  const listed = list.data?.find((p) => p.name === profile.name);
  const rename = useRenameProfile(project);
  const remove = useDeleteProfile(project);

  return (
    <>
      <CopyProfileButton
        project={project}
        profile={profile}
        onCopied={(target) => void navigate(paths.profile(target.project, target.name))}
      />
      <RenameDeleteActions
        kind="profile"
        name={profile.name}
        renameReason={permissions.on('profile', 'rename', listed) ?? renameProfileBlocker(profile)}
        deleteReason={permissions.on('profile', 'delete', listed) ?? deleteProfileBlocker(profile)}
        validate={(name) =>
          validateProfileName(
            name,
            (list.data ?? []).map((p) => p.name),
            profile.name,
          )
        }
        rename={(newName) => rename.mutateAsync({ name: profile.name, newName })}
        remove={() => remove.mutateAsync(profile.name)}
        onRenamed={(newName) => void navigate(paths.profile(project, newName, activeTab))}
        onDeleted={() => void navigate(paths.profiles(project))}
      />
    </>
  );
}
