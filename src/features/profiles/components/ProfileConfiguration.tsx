import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '../../../shared/routing/router';
import type { LxdProfile } from '../../../lxd/types/profile';
import { useAuth } from '../../../shared/auth/context';
import { configMapping, type ConfigFormValues, type SectionId } from '../../../shared/config-form';
import { useVersionedEdit } from '../../../shared/forms/useVersionedEdit';
import { useNotify } from '../../../shared/notifications';
import { usePermissions } from '../../../shared/permissions/usePermissions';
import { paths } from '../../../shared/routing/paths';
import { profileToValues, valuesToProfileBody } from '../form';
import { profileQuery, profilesQuery, useUpdateProfile } from '../queries';
import { ProfileForm } from './ProfileForm';

/**
 * The configuration tab. The form keeps the version it was opened with (its ETag goes back as
 * If-Match); while the user has no edits it follows changes made elsewhere. It is read-only when
 * the identity may not edit the profile (spec §6: the profile as the list has it, with its
 * entitlements).
 */
export function ProfileConfiguration({
  project,
  latest,
  section,
}: {
  project: string;
  latest: LxdProfile;
  section: SectionId;
}) {
  const auth = useAuth();
  const list = useQuery(profilesQuery(project, auth.isFineGrained));
  const listed = list.data?.find((profile) => profile.name === latest.name);
  const readOnlyReason = usePermissions().on('profile', 'edit', listed);
  const mapping = configMapping(auth.server.api_extensions);
  const navigate = useNavigate();
  const notify = useNotify();
  const client = useQueryClient();
  const update = useUpdateProfile(project, latest.name);
  const edit = useVersionedEdit<LxdProfile, ConfigFormValues>({
    what: 'profile',
    latest,
    fetchLatest: () => client.query({ ...profileQuery(project, latest.name), staleTime: 0 }),
    send: (values, etag, onSaved) => {
      const { description, config, devices } = valuesToProfileBody(values, mapping);
      update.mutate(
        { body: { description, config, devices }, etag },
        {
          onSuccess: () => {
            notify.success('Profile updated', `Profile ${latest.name} was saved.`);
            onSaved();
          },
        },
      );
    },
    isSaving: update.isPending,
    error: update.error,
    resetError: update.reset,
  });

  return (
    <ProfileForm
      key={edit.formKey}
      mode="edit"
      project={project}
      initial={profileToValues(edit.base, mapping)}
      base={edit.base}
      existingNames={[]}
      section={section}
      onSectionChange={(next) =>
        void navigate(paths.profile(project, latest.name, 'configuration', next))
      }
      onSubmit={edit.save}
      busy={update.isPending}
      readOnlyReason={readOnlyReason}
      onDirtyChange={edit.onDirtyChange}
      notice={edit.notice}
    />
  );
}
