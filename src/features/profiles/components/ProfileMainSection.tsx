import { TextareaInput, TextInput } from '../../../shared/forms';
import type { ProfileFormMode } from '../form';

/** The main section of the profile form: name (creation only) and description. */
export function ProfileMainSection({
  mode,
  readOnly,
}: {
  mode: ProfileFormMode;
  readOnly: boolean;
}) {
  return (
    <div className="profile-main">
      {mode === 'create' && (
        <TextInput name="name" label="Name" required help="Up to 63 characters, without slashes." />
      )}
      <TextareaInput name="description" label="Description" rows={2} disabled={readOnly} />
    </div>
  );
}
