import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { isEtagConflict } from '../../../lxd/client';
import type { LxdProfile } from '../../../lxd/types/profile';
import { hasServerExtension, useAuth } from '../../../shared/auth/context';
import type { ConfigFormValues, SectionId } from '../../../shared/config-form';
import { useNotify } from '../../../shared/notifications';
import { paths } from '../../../shared/routing/paths';
import { ErrorNotice } from '../../../shared/ui/States';
import { ConflictNotice } from '../../projects';
import { profileToValues, valuesToProfileBody } from '../form';
import { profileQuery, useUpdateProfile } from '../queries';
import { PROFILE_MESSAGES } from '../rules';
import { ProfileForm } from './ProfileForm';

/**
 * The configuration tab. The form keeps the version it was opened with (its ETag goes back as
 * If-Match); while the user has no edits it follows changes made elsewhere.
 */
export function ProfileConfiguration({
  project,
  latest,
  section,
  canEdit,
}: {
  project: string;
  latest: LxdProfile;
  section: SectionId;
  canEdit: boolean;
}) {
  const auth = useAuth();
  const mapping = { legacyCloudInit: !hasServerExtension(auth, 'cloud_init') };
  const navigate = useNavigate();
  const notify = useNotify();
  const client = useQueryClient();
  const update = useUpdateProfile(project, latest.name);
  const [base, setBase] = useState(latest);
  const [formKey, setFormKey] = useState(0);
  const [dirty, setDirty] = useState(false);
  const [rebaseNext, setRebaseNext] = useState(false);
  const [submitted, setSubmitted] = useState<ConfigFormValues | null>(null);

  if (latest.etag !== base.etag && (rebaseNext || !dirty) && !update.isPending) {
    setBase(latest);
    setFormKey((k) => k + 1);
    setRebaseNext(false);
  }

  const save = (values: ConfigFormValues, etag: string | undefined) => {
    setSubmitted(values);
    const { description, config, devices } = valuesToProfileBody(values, mapping);
    update.mutate(
      { body: { description, config, devices }, etag },
      {
        onSuccess: () => {
          notify.success('Profile updated', `Profile ${latest.name} was saved.`);
          setRebaseNext(true);
          setSubmitted(null);
        },
      },
    );
  };
  const overwrite = async () => {
    if (!submitted) return;
    const fresh = await client.query({ ...profileQuery(project, latest.name), staleTime: 0 });
    save(submitted, fresh.etag);
  };
  const discard = async () => {
    const fresh = await client.query({ ...profileQuery(project, latest.name), staleTime: 0 });
    update.reset();
    setSubmitted(null);
    setBase(fresh);
    setFormKey((k) => k + 1);
  };
  const onDirtyChange = useCallback((value: boolean) => {
    setDirty(value);
  }, []);

  let notice;
  if (update.error && isEtagConflict(update.error)) {
    notice = (
      <ConflictNotice
        what="profile"
        onOverwrite={() => void overwrite().catch((e: unknown) => notify.failure('Save failed', e))}
        onDiscard={() => void discard().catch((e: unknown) => notify.failure('Reload failed', e))}
      />
    );
  } else if (update.error) {
    notice = <ErrorNotice title="Could not save the profile" error={update.error} />;
  }

  return (
    <ProfileForm
      key={formKey}
      mode="edit"
      project={project}
      initial={profileToValues(base, mapping)}
      base={base}
      existingNames={[]}
      section={section}
      onSectionChange={(next) =>
        void navigate(paths.profile(project, latest.name, 'configuration', next))
      }
      onSubmit={(values) => save(values, base.etag)}
      busy={update.isPending}
      readOnlyReason={canEdit ? undefined : PROFILE_MESSAGES.noEdit}
      onDirtyChange={onDirtyChange}
      notice={notice}
    />
  );
}
