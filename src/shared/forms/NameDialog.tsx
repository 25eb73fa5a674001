import type { ReactNode } from 'react';
import { TextInput } from './fields';
import { FormFailure, ResourceFormModal } from './ResourceForm';
import type { NameLookup } from './useNameCheck';
import { useResourceForm } from './useResourceForm';

/**
 * A dialog asking for one name (rename a snapshot, a volume or a profile; a new instance from a
 * snapshot; a directory), on the form kit: the name's rules shown once it changed or was left,
 * whether it is taken asked once typing pauses and again on submit, the server's error shown in
 * the dialog with the typed name kept.
 */
export function NameDialog({
  title,
  label,
  initial = '',
  submitLabel,
  busyLabel,
  validate,
  nameCheck,
  onSubmit,
  onClose,
  children,
}: {
  title: string;
  label: string;
  initial?: string;
  submitLabel: string;
  busyLabel?: string;
  /** The name's rules (trimmed): a message, or undefined when it may be used. */
  validate: (name: string) => string | undefined;
  /** Asks LXD whether the name is taken (the lookup answers false for the current name). */
  nameCheck?: { lookup: NameLookup; message: string };
  onSubmit: (name: string) => Promise<void>;
  onClose: () => void;
  children?: ReactNode;
}) {
  const kit = useResourceForm({
    defaultValues: { name: initial },
    validate: ({ name }) => ({ name: validate(name.trim()) }),
    ...(nameCheck ? { nameCheck: { field: 'name' as const, ...nameCheck } } : {}),
    onSubmit: async ({ name }) => {
      await onSubmit(name.trim());
      onClose();
    },
  });
  return (
    <ResourceFormModal
      kit={kit}
      title={title}
      submitLabel={submitLabel}
      {...(busyLabel === undefined ? {} : { busyLabel })}
      onClose={onClose}
      after={
        <FormFailure failure={kit.failure} what="name" title={`Could not ${title.toLowerCase()}`} />
      }
    >
      <TextInput name="name" label={label} />
      {children}
    </ResourceFormModal>
  );
}
