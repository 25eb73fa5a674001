import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { LxdProfile } from '../../../lxd/types/profile';
import { useAuth } from '../../../shared/auth/context';
import { useNotify } from '../../../shared/notifications';
import { usePermissions } from '../../../shared/permissions/usePermissions';
import { FormModal } from '../../../shared/ui/FormModal';
import {
  FormFailure,
  ResourceForm,
  SelectInput,
  TextInput,
  useResourceForm,
} from '../../../shared/forms';
import { profilesQuery, useCopyProfile } from '../queries';
import { usesDefaultProfiles, validateProfileName } from '../rules';

export const COPY_PROFILE_HELP =
  'Projects that use the default project’s profiles (features.profiles off) are not listed.';

/** The header's "Copy" of a profile: a dialog for the new name and the target project. */
export function CopyProfileButton({
  project,
  profile,
  onCopied,
}: {
  project: string;
  profile: LxdProfile;
  onCopied: (target: { project: string; name: string }) => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="p-button" onClick={() => setOpen(true)}>
        Copy
      </button>
      {open && (
        <CopyProfileModal
          project={project}
          profile={profile}
          onClose={() => setOpen(false)}
          onCopied={onCopied}
        />
      )}
    </>
  );
}

interface CopyValues {
  project: string;
  name: string;
}

function CopyProfileModal({
  project,
  profile,
  onClose,
  onCopied,
}: {
  project: string;
  profile: LxdProfile;
  onClose: () => void;
  onCopied: (target: { project: string; name: string }) => void;
}) {
  const id = useId();
  const { projects, isFineGrained } = useAuth();
  const permissions = usePermissions();
  const notify = useNotify();
  const copy = useCopyProfile();
  const targets = projects.filter((p) => !usesDefaultProfiles(p));
  const [target, setTarget] = useState(project);
  const existing = useQuery(profilesQuery(target, isFineGrained));
  const taken = existing.data?.map((p) => p.name);
  const reason = permissions.inProject(target, 'createProfiles');
  const kit = useResourceForm<CopyValues>({
    defaultValues: { project, name: `${profile.name}-copy` },
    validate: (values) => ({ name: validateProfileName(values.name.trim(), taken ?? []) }),
    dependencies: [existing.data],
    onSubmit: async (values) => {
      if (reason) return;
      const newName = values.name.trim();
      await copy.mutateAsync({
        project: values.project,
        body: {
          name: newName,
          description: profile.description,
          config: profile.config,
          devices: profile.devices,
        },
      });
      notify.success(
        'Profile copied',
        `Profile ${profile.name} was copied to ${newName} in project ${values.project}.`,
      );
      onClose();
      onCopied({ project: values.project, name: newName });
    },
  });
  const chosen = kit.form.watch('project');
  if (chosen !== target) setTarget(chosen);
  const title = `Copy profile ${profile.name}`;

  return (
    <FormModal
      title={title}
      formId={`${id}-form`}
      busy={kit.busy}
      submitLabel="Copy"
      busyLabel="Copying…"
      reason={reason}
      onClose={onClose}
    >
      <ResourceForm kit={kit} id={`${id}-form`} label={title}>
        <SelectInput
          name="project"
          label="Target project"
          help={COPY_PROFILE_HELP}
          disabled={kit.busy}
          options={targets.map((p) => ({ value: p.name, label: p.name }))}
        />
        <TextInput name="name" label="New profile name" required disabled={kit.busy} />
        {reason && (
          <p className="p-form-help-text" role="status">
            {reason}.
          </p>
        )}
      </ResourceForm>
      <FormFailure failure={kit.failure} what="profile" action="copy" />
    </FormModal>
  );
}
