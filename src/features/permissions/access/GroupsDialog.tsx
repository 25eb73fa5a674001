import { useId, useState, type ReactNode, type SubmitEvent } from 'react';
import { Link } from '../../../shared/routing/router';
import { isEtagConflict } from '../../../lxd/client';
import { paths } from '../../../shared/routing/paths';
import { FormModal } from '../../../shared/ui/FormModal';
import { ErrorNotice } from '../../../shared/ui/States';
import { Checklist } from './Checklist';
import { NameField } from './NameField';

export interface NameFieldSpec {
  label: string;
  /** The problem with a name, if any (shown next to the field once touched or submitted). */
  validate: (name: string) => string | undefined;
  help?: string;
}

/**
 * A dialog choosing groups (an identity's, an IdP group's mapping, groups to add to several
 * identities), with a name field when it creates something. The server's refusal is shown in the
 * dialog and the choice is kept; a 412 says that someone else changed the object and `onConflict`
 * reads it again, so that saving again replaces their change.
 */
export function GroupsDialog({
  title,
  intro,
  groups,
  initial = [],
  submitLabel,
  nameField,
  what,
  requireGroup = false,
  onSubmit,
  onConflict,
  onClose,
}: {
  title: string;
  intro?: ReactNode;
  /** Every group's name; undefined while loading. */
  groups: readonly string[] | undefined;
  initial?: readonly string[];
  submitLabel: string;
  nameField?: NameFieldSpec;
  /** What is being changed, for the 412 message ("identity", "IdP group"). */
  what: string;
  /** At least one group must be chosen (adding or removing groups). */
  requireGroup?: boolean;
  onSubmit: (values: { name: string; groups: string[] }) => Promise<void>;
  onConflict?: () => void;
  onClose: () => void;
}) {
  const id = useId();
  const [name, setName] = useState('');
  const [chosen, setChosen] = useState<string[]>([...initial]);
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();

  const nameProblem = nameField?.validate(name.trim());
  const shownProblem = touched ? nameProblem : undefined;
  const groupProblem =
    requireGroup && chosen.length === 0 ? 'Choose at least one group' : undefined;
  // Groups the object has but the list does not (not visible to the signed-in identity).
  const names = [...(groups ?? []), ...initial.filter((group) => !groups?.includes(group))];
  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTouched(true);
    if (nameProblem || groupProblem) return;
    setBusy(true);
    setFailure(undefined);
    try {
      await onSubmit({ name: name.trim(), groups: chosen });
      onClose();
    } catch (error) {
      if (isEtagConflict(error)) {
        setFailure(
          `Someone else changed this ${what} after this dialog opened, so nothing was saved. Your choice is kept: save again to replace their change.`,
        );
        onConflict?.();
      } else {
        setFailure(error instanceof Error ? error.message : String(error));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormModal
      title={title}
      formId={`${id}-form`}
      busy={busy}
      submitLabel={submitLabel}
      onClose={onClose}
    >
      <form
        id={`${id}-form`}
        className="access-dialog"
        aria-label={title}
        noValidate
        onSubmit={(event) => void submit(event)}
      >
        {intro}
        {nameField && (
          <NameField
            id={`${id}-name`}
            label={nameField.label}
            value={name}
            onChange={setName}
            onBlur={() => setTouched(true)}
            problem={shownProblem}
            help={nameField.help}
          />
        )}
        <Checklist
          legend="Groups"
          items={
            groups === undefined
              ? undefined
              : names.map((group) => ({ value: group, label: group }))
          }
          selected={chosen}
          onChange={setChosen}
          problem={touched ? groupProblem : undefined}
          empty={
            <>
              No groups exist yet. <Link to={paths.permissionsGroupCreate()}>Create a group</Link>{' '}
              first.
            </>
          }
        />
      </form>
      {failure && <ErrorNotice title="Not saved" error={failure} />}
    </FormModal>
  );
}
