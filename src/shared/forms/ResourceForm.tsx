/**
 * The parts a form kit form is drawn with: the <form> that binds its fields, the Form/YAML
 * switch, YAML mode's editor with its error, the actions (Cancel, Revert changes, the submit
 * button), and the failure of the last submit (412 says someone else changed the object).
 */
import type { ReactNode } from 'react';
import { FormProvider, type FieldValues } from 'react-hook-form';
import { isEtagConflict } from '../../lxd/client';
import { errorText } from '../notifications';
import { FormSubmitButton } from '../ui/Gated';
import { YamlEditor } from '../ui/yaml';
import '../ui/form-actions.scss';
import type { FormView, ResourceFormKit } from './useResourceForm';
import './forms.scss';

type AnyKit = ResourceFormKit<FieldValues, string>;

export function ResourceForm<V extends FieldValues, S extends string>({
  kit,
  label,
  id,
  className,
  children,
}: {
  kit: ResourceFormKit<V, S>;
  /** The form's accessible name. */
  label?: string;
  /** For a submit button outside the form (a dialog's footer). */
  id?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <FormProvider {...kit.form}>
      <form
        id={id}
        className={className}
        aria-label={label}
        noValidate
        onSubmit={(event) => void kit.submit(event)}
      >
        {children}
      </form>
    </FormProvider>
  );
}

/** Form or YAML, for a form without sections (pressed buttons in a named group). */
export function FormModeSwitch({
  kit,
  label = 'Editing mode',
}: {
  kit: ResourceFormKit<FieldValues, FormView> | ResourceFormKit<never, FormView>;
  label?: string;
}) {
  const { section, selectSection } = kit as unknown as ResourceFormKit<FieldValues, FormView>;
  return (
    <div className="form-mode-switch" role="group" aria-label={label}>
      {(['form', 'yaml'] as const).map((view) => (
        <button
          key={view}
          type="button"
          className={section === view ? 'p-button--positive is-dense' : 'p-button is-dense'}
          aria-pressed={section === view}
          onClick={() => {
            selectSection(view);
          }}
        >
          {view === 'form' ? 'Form' : 'YAML'}
        </button>
      ))}
    </div>
  );
}

/** YAML mode's body: what the YAML holds, the editor, and the error with its line. */
export function YamlBody({
  yaml,
  help,
  label = 'YAML configuration',
  readOnly,
}: {
  yaml: Pick<AnyKit['yaml'], 'text' | 'setText' | 'error'>;
  help: ReactNode;
  label?: string;
  readOnly?: boolean | undefined;
}) {
  return (
    <div className="form-yaml">
      {typeof help === 'string' ? <p className="p-form-help-text">{help}</p> : help}
      <YamlEditor
        value={yaml.text}
        onChange={yaml.setText}
        label={label}
        readOnly={readOnly ?? false}
      />
      {yaml.error && (
        <p className="p-form-validation__message form-yaml__error" role="alert">
          {yaml.error.message}
        </p>
      )}
    </div>
  );
}

/** Cancel, Revert changes (an edit form with changes) and the submit button. */
export function FormActions<V extends FieldValues, S extends string>({
  kit,
  mode,
  submitLabel,
  reason,
  onCancel,
  disabled,
  children,
}: {
  kit: ResourceFormKit<V, S>;
  mode: 'create' | 'edit';
  submitLabel: string;
  /** Why the form may not be sent (no permission). */
  reason?: string | undefined;
  onCancel?: (() => void) | undefined;
  /** Nothing to send yet (no driver to choose). */
  disabled?: boolean;
  /** More buttons before the submit button. */
  children?: ReactNode;
}) {
  return (
    <div className="form-actions">
      {onCancel && (
        <button type="button" className="p-button--base" onClick={onCancel}>
          Cancel
        </button>
      )}
      {mode === 'edit' && kit.dirty && (
        <button type="button" className="p-button" disabled={kit.busy} onClick={kit.revert}>
          Revert changes
        </button>
      )}
      {children}
      <FormSubmitButton
        mode={mode}
        busy={kit.busy}
        dirty={kit.dirty}
        reason={reason}
        disabled={disabled}
      >
        {submitLabel}
      </FormSubmitButton>
    </div>
  );
}

/**
 * The last submit's failure, under the fields: the server's text, or for a 412 that someone
 * else changed the object (the form keeps what was typed either way).
 */
export function FormFailure({
  failure,
  what,
  action = 'save',
}: {
  failure: unknown;
  /** "group", "bucket"… */
  what: string;
  /** The verb of the title, "Could not {action} the {what}": 'create', 'save', 'copy'… */
  action?: string;
}) {
  if (failure === undefined || failure === null) return null;
  const conflict = isEtagConflict(failure);
  return (
    <div className="p-notification--negative" role="alert">
      <div className="p-notification__content">
        <h3 className="p-notification__title">
          {conflict ? `Someone else changed this ${what}` : `Could not ${action} the ${what}`}
        </h3>
        <p className="p-notification__message">
          {conflict
            ? `The ${what} was changed after you opened it, so your changes were not saved. Close the dialog and open it again to edit the current ${what}.`
            : errorText(failure)}
        </p>
      </div>
    </div>
  );
}
