import { useQuery } from '@tanstack/react-query';
import { useId, useState, type SubmitEvent } from 'react';
import type { LxdProfile } from '../../../lxd/types/profile';
import { useAuth } from '../../../shared/auth/context';
import { useNotify } from '../../../shared/notifications';
import { usePermissions } from '../../../shared/permissions/usePermissions';
import { FormModal } from '../../../shared/ui/FormModal';
import { ErrorNotice } from '../../../shared/ui/States';
import { TextField } from '../../../shared/ui/TextField';
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
  const [name, setName] = useState(`${profile.name}-copy`);
  const [failure, setFailure] = useState<unknown>(null);
  const existing = useQuery(profilesQuery(target, isFineGrained));
  const nameError = validateProfileName(
    name.trim(),
    (existing.data ?? []).map((p) => p.name),
  );
  const reason = permissions.inProject(target, 'createProfiles');
  const busy = copy.isPending;

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (nameError || reason) return;
    setFailure(null);
    const newName = name.trim();
    try {
      await copy.mutateAsync({
        project: target,
        body: {
          name: newName,
          description: profile.description,
          config: profile.config,
          devices: profile.devices,
        },
      });
      notify.success(
        'Profile copied',
        `Profile ${profile.name} was copied to ${newName} in project ${target}.`,
      );
      onClose();
      onCopied({ project: target, name: newName });
    } catch (error) {
      setFailure(error);
    }
  };

  return (
    <FormModal
      title={`Copy profile ${profile.name}`}
      formId={`${id}-form`}
      busy={busy}
      submitLabel="Copy"
      busyLabel="Copying…"
      reason={reason}
      onClose={onClose}
    >
      <form id={`${id}-form`} noValidate onSubmit={(event) => void submit(event)}>
        <div className="p-form__group">
          <label htmlFor={`${id}-project`}>Target project</label>
          <select
            id={`${id}-project`}
            value={target}
            disabled={busy}
            aria-describedby={`${id}-project-help`}
            onChange={(event) => setTarget(event.target.value)}
          >
            {!targets.some((p) => p.name === target) && <option value={target}>{target}</option>}
            {targets.map((p) => (
              <option key={p.name} value={p.name}>
                {p.name}
              </option>
            ))}
          </select>
          <p className="p-form-help-text" id={`${id}-project-help`}>
            {COPY_PROFILE_HELP}
          </p>
        </div>
        <TextField
          label="New profile name"
          required
          value={name}
          disabled={busy}
          onChange={setName}
          error={nameError}
        />
        {reason && (
          <p className="p-form-help-text" role="status">
            {reason}.
          </p>
        )}
      </form>
      {failure !== null && <ErrorNotice title="Could not copy the profile" error={failure} />}
    </FormModal>
  );
}
