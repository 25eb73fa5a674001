/**
 * The frames of the bucket and key dialogs: a form's fields (disabled while it is sent), and an
 * edit dialog that opens on a fresh read of its object and saves against that version (its ETag
 * goes back as If-Match; a 412 offers to save anyway or to load the other version).
 */
import { useMutation, type UseQueryResult } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import { ResourceForm, type ResourceFormKit } from '../../../../shared/forms';
import { useVersionedEdit } from '../../../../shared/forms/useVersionedEdit';
import { useNotify } from '../../../../shared/notifications';
import { FormModal } from '../../../../shared/ui/FormModal';
import { Loader } from '../../../../shared/ui/Loader';
import { Modal } from '../../../../shared/ui/Modal';
import { ErrorNotice } from '../../../../shared/ui/States';
import { useStableCallback } from '../../../../shared/ui/useStableCallback';

/** A dialog's form: its fields in a fieldset named for assistive technology. */
export function DialogForm<V extends FieldValues>({
  kit,
  id,
  label,
  legend,
  children,
}: {
  kit: ResourceFormKit<V, 'form' | 'yaml'>;
  id: string;
  label: string;
  legend: string;
  children: ReactNode;
}) {
  return (
    <ResourceForm kit={kit} id={id} label={label}>
      <fieldset disabled={kit.busy} className="bucket-form__fields">
        <legend className="u-off-screen">{legend}</legend>
        {children}
      </fieldset>
    </ResourceForm>
  );
}

/** What an edit dialog's form is given: the version it edits and how to send it. */
export interface VersionedFormProps<T, V> {
  formId: string;
  base: T;
  onSubmit: (values: V) => void;
  onDirtyChange: (dirty: boolean) => void;
  busy: boolean;
}

interface EditDialogProps<T, V> {
  title: string;
  /** "bucket": "Loading bucket…", "Someone else changed this bucket". */
  noun: string;
  /** The object's read, asked afresh when the dialog opens. */
  query: UseQueryResult<T>;
  fetchLatest: () => Promise<T>;
  /** Sends the values against `etag` (the version `base`). */
  save: (values: V, etag: string | undefined, base: T) => Promise<unknown>;
  /** The notification once saved: its title and message. */
  saved: [string, string];
  onClose: () => void;
  form: (props: VersionedFormProps<T, V>) => ReactNode;
}

function VersionedDialog<T extends { etag?: string | undefined }, V>({
  latest,
  ...props
}: Omit<EditDialogProps<T, V>, 'query'> & { latest: T }) {
  const formId = useId();
  const notify = useNotify();
  const update = useMutation({
    mutationFn: ({ values, etag, base }: { values: V; etag: string | undefined; base: T }) =>
      props.save(values, etag, base),
  });
  const edit = useVersionedEdit<T, V>({
    what: props.noun,
    latest,
    fetchLatest: props.fetchLatest,
    send: (values, etag, onSaved) => {
      update.mutate(
        { values, etag, base: edit.base },
        {
          onSuccess: () => {
            notify.success(...props.saved);
            onSaved();
            props.onClose();
          },
        },
      );
    },
    isSaving: update.isPending,
    error: update.error,
    resetError: update.reset,
  });
  return (
    <FormModal
      title={props.title}
      formId={formId}
      busy={update.isPending}
      submitLabel="Save"
      onClose={props.onClose}
    >
      <EditForm key={edit.formKey}>
        {props.form({
          formId,
          base: edit.base,
          onSubmit: edit.save,
          onDirtyChange: edit.onDirtyChange,
          busy: update.isPending,
        })}
      </EditForm>
      {edit.notice}
    </FormModal>
  );
}

/** Remounts its form when the version it edits changes. */
function EditForm({ children }: { children: ReactNode }) {
  return <>{children}</>;
}

/** An edit dialog: loading (or why not) until the read made after it opened is in. */
export function EditDialog<T extends { etag?: string | undefined }, V>({
  query,
  ...props
}: EditDialogProps<T, V>) {
  const close = useStableCallback(props.onClose);
  // The form opens on a fresh read, then keeps the user's values through refreshes.
  if (query.data !== undefined && query.isFetchedAfterMount) {
    return <VersionedDialog {...props} latest={query.data} />;
  }
  return (
    <Modal title={props.title} onClose={close}>
      {query.error ? (
        <ErrorNotice
          title={`Could not load the ${props.noun}`}
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <Loader text={`Loading ${props.noun}…`} />
      )}
    </Modal>
  );
}
