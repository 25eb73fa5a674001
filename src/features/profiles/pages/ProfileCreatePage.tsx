import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams } from '../../../shared/routing/router';
import { useAuth } from '../../../shared/auth/context';
import { configMapping, type ConfigFormValues } from '../../../shared/config-form';
import { useNotify } from '../../../shared/notifications';
import { paths } from '../../../shared/routing/paths';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { ErrorNotice } from '../../../shared/ui/States';
import { usePermissions } from '../../../shared/permissions/usePermissions';
import { ProfileForm } from '../components/ProfileForm';
import { newProfileValues, valuesToProfileBody } from '../form';
import { profilesQuery, useCreateProfile } from '../queries';
import '../profiles.scss';

/** /ui/project/{project}/profiles/create: the profile form; then the new profile. */
export function ProfileCreatePage() {
  const { project = '' } = useParams();
  const auth = useAuth();
  const mapping = configMapping(auth.server.api_extensions);
  const navigate = useNavigate();
  const notify = useNotify();
  const list = useQuery(profilesQuery(project, auth.isFineGrained));
  const createReason = usePermissions().inProject(project, 'createProfiles');
  const create = useCreateProfile(project);
  const [initial] = useState(() => newProfileValues(mapping));

  const submit = (values: ConfigFormValues) => {
    const body = valuesToProfileBody(values, mapping);
    create.mutate(body, {
      onSuccess: () => {
        notify.success('Profile created', `Profile ${body.name} was created.`);
        void navigate(paths.profile(project, body.name));
      },
    });
  };

  return (
    <section className="page profile-page" aria-labelledby="profile-create-heading">
      <PageHeader title={<span id="profile-create-heading">Create a profile</span>} />
      <ProfileForm
        mode="create"
        project={project}
        initial={initial}
        existingNames={(list.data ?? []).map((p) => p.name)}
        onSubmit={submit}
        busy={create.isPending}
        readOnlyReason={createReason}
        onCancel={() => void navigate(paths.profiles(project))}
        notice={
          create.error ? (
            <ErrorNotice title="Could not create the profile" error={create.error} />
          ) : undefined
        }
      />
    </section>
  );
}
