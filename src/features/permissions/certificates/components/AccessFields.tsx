import { useId, useState, type ReactNode, type SyntheticEvent } from 'react';
import { DeviceField } from '../../../../shared/config-form/DeviceField';
import { FormModal } from '../../../../shared/ui/FormModal';
import { Checklist } from '../../access/Checklist';
import { accessErrors, type AccessValues } from '../rules';

/**
 * The values of the token and edit forms, and which messages to show: a field's message appears
 * once it was left or the form was sent.
 */
export function useAccessForm(initial: AccessValues) {
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<ReadonlySet<keyof AccessValues>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const errors = accessErrors(values);
  return {
    values,
    shown: (field: keyof AccessValues) =>
      submitted || touched.has(field) ? errors[field] : undefined,
    change: (patch: Partial<AccessValues>) => {
      setValues((previous) => ({ ...previous, ...patch }));
    },
    touch: (field: keyof AccessValues) => {
      setTouched((previous) => new Set(previous).add(field));
    },
    reset: (next: AccessValues) => {
      setValues(next);
      setTouched(new Set());
      setSubmitted(false);
    },
    /** Marks the form sent; true when the values may go to the server. */
    submit: () => {
      setSubmitted(true);
      return Object.keys(errors).length === 0;
    },
  };
}

export type AccessForm = ReturnType<typeof useAccessForm>;

/**
 * A dialog with the fields of a client's access: Name, Restricted and, for a restricted client,
 * the projects it may use. `onSubmit` gets the checked values with the name trimmed; `children`
 * (the server's answer) follow the form.
 */
export function AccessFormModal({
  title,
  submitLabel,
  busyLabel,
  busy,
  form,
  projects,
  nameHelp,
  restrictedNote,
  intro,
  onSubmit,
  onClose,
  children,
}: {
  title: string;
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  form: AccessForm;
  /** The projects to choose from. */
  projects: readonly string[];
  nameHelp: string;
  /** Shown with the projects (e.g. when it is the console's own certificate). */
  restrictedNote?: ReactNode;
  /** Before the fields (what is being edited). */
  intro?: ReactNode;
  onSubmit: (values: AccessValues) => void;
  onClose: () => void;
  children?: ReactNode;
}) {
  const id = useId();
  const { values, change, touch, shown } = form;
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (form.submit()) onSubmit({ ...values, name: values.name.trim() });
  };

  return (
    <FormModal
      title={title}
      formId={`${id}-form`}
      busy={busy}
      submitLabel={submitLabel}
      busyLabel={busyLabel}
      onClose={onClose}
    >
      {intro}
      <form id={`${id}-form`} onSubmit={submit} noValidate aria-label={title}>
        <DeviceField id={`${id}-name`} label="Name" error={shown('name')} help={nameHelp}>
          {(props) => (
            <input
              {...props}
              type="text"
              className="p-form-validation__input"
              autoComplete="off"
              spellCheck={false}
              value={values.name}
              onChange={(event) => {
                change({ name: event.target.value });
              }}
              onBlur={() => {
                touch('name');
              }}
            />
          )}
        </DeviceField>
        <label className="p-checkbox">
          <input
            type="checkbox"
            className="p-checkbox__input"
            checked={values.restricted}
            aria-describedby={`${id}-restricted-help`}
            onChange={(event) => {
              change({ restricted: event.target.checked });
            }}
          />
          <span className="p-checkbox__label">Restricted</span>
        </label>
        <p className="p-form-help-text" id={`${id}-restricted-help`}>
          A restricted client can use only the projects chosen below; an unrestricted one can do
          everything on this server.
        </p>
        {values.restricted && (
          <>
            <Checklist
              legend="Projects"
              items={projects.map((project) => ({ value: project, label: project }))}
              selected={values.projects}
              onChange={(next) => {
                change({ projects: next });
                touch('projects');
              }}
              empty="There are no projects to choose from."
              problem={shown('projects')}
            />
            {restrictedNote}
          </>
        )}
      </form>
      {children}
    </FormModal>
  );
}
