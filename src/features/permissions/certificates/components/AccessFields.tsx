import type { ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import {
  CheckboxInput,
  CheckboxListInput,
  ResourceFormModal,
  TextInput,
  useResourceForm,
  type FormView,
  type ResourceFormKit,
} from '../../../../shared/forms';
import { accessErrors, type AccessValues } from '../rules';

/**
 * The form of the token and edit dialogs: a field's message appears once it was changed or left,
 * or the form was sent; `onSubmit` gets the checked values with the name trimmed.
 */
export function useAccessForm(initial: AccessValues, onSubmit: (values: AccessValues) => unknown) {
  return useResourceForm<AccessValues>({
    defaultValues: initial,
    validate: accessErrors,
    onSubmit: (values) => onSubmit({ ...values, name: values.name.trim() }),
  });
}

export type AccessForm = ResourceFormKit<AccessValues, FormView>;

/** The projects of a restricted client (shown while Restricted is checked). */
function ProjectsField({
  kit,
  projects,
  note,
}: {
  kit: AccessForm;
  projects: readonly string[];
  note: ReactNode;
}) {
  const restricted = useWatch({ control: kit.form.control, name: 'restricted' });
  if (!restricted) return null;
  return (
    <>
      <CheckboxListInput
        name="projects"
        legend="Projects"
        options={projects.map((project) => ({ value: project }))}
        empty={<p className="p-form-help-text">There are no projects to choose from.</p>}
      />
      {note}
    </>
  );
}

/**
 * A dialog with the fields of a client's access: Name, Restricted and, for a restricted client,
 * the projects it may use. `children` (the server's answer) follow the form.
 */
export function AccessFormModal({
  title,
  submitLabel,
  busyLabel,
  kit,
  projects,
  nameHelp,
  restrictedNote,
  intro,
  onClose,
  children,
}: {
  title: string;
  submitLabel: string;
  busyLabel: string;
  kit: AccessForm;
  /** The projects to choose from. */
  projects: readonly string[];
  nameHelp: string;
  /** Shown with the projects (e.g. when it is the console's own certificate). */
  restrictedNote?: ReactNode;
  /** Before the fields (what is being edited). */
  intro?: ReactNode;
  onClose: () => void;
  children?: ReactNode;
}) {
  return (
    <ResourceFormModal
      kit={kit}
      title={title}
      submitLabel={submitLabel}
      busyLabel={busyLabel}
      onClose={onClose}
      intro={intro}
      after={children}
    >
      <TextInput name="name" label="Name" help={nameHelp} />
      <CheckboxInput
        name="restricted"
        label="Restricted"
        help="A restricted client can use only the projects chosen below; an unrestricted one can do everything on this server."
      />
      <ProjectsField kit={kit} projects={projects} note={restrictedNote} />
    </ResourceFormModal>
  );
}
