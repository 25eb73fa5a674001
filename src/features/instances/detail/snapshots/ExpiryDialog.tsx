import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { LxdInstanceSnapshot } from '../../../../lxd/types/snapshot';
import { FormModal } from '../../../../shared/ui/FormModal';
import { ErrorNotice } from '../../../../shared/ui/States';
import { expiryError, expiryToIso } from '../../../../shared/validation/snapshots';
import { isNever } from '../components/dates';

/** LXD's zero date: the snapshot never expires. */
export const NEVER_EXPIRES = '0001-01-01T00:00:00Z';

const pad = (value: number) => String(value).padStart(2, '0');

/** An RFC 3339 time as a `datetime-local` value in local time ('' for never). */
export function toLocalInput(value: string): string {
  if (isNever(value)) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return `${String(date.getFullYear())}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(
    date.getHours(),
  )}:${pad(date.getMinutes())}`;
}

/** The `expires_at` to send for a field value: the zero date when empty. */
export function expiresAtOf(local: string): string {
  return expiryToIso(local) ?? NEVER_EXPIRES;
}

/** Changes when a snapshot expires; empty means never. */
export function ExpiryDialog({
  snapshot,
  onSubmit,
  onClose,
}: {
  snapshot: LxdInstanceSnapshot;
  onSubmit: (expiresAt: string) => Promise<void>;
  onClose: () => void;
}) {
  const id = useId();
  const [failure, setFailure] = useState<unknown>();
  const form = useForm<{ expiry: string }>({
    defaultValues: { expiry: toLocalInput(snapshot.expires_at) },
    mode: 'onTouched',
  });
  const error = form.formState.errors.expiry?.message;
  const busy = form.formState.isSubmitting;

  const submit = form.handleSubmit(async ({ expiry }) => {
    setFailure(undefined);
    try {
      await onSubmit(expiresAtOf(expiry));
      onClose();
    } catch (e) {
      setFailure(e);
    }
  });

  return (
    <FormModal
      title={`Expiry of ${snapshot.name}`}
      formId={`${id}-form`}
      busy={busy}
      submitLabel="Save expiry"
      onClose={onClose}
    >
      <form id={`${id}-form`} onSubmit={(event) => void submit(event)} noValidate>
        <div className={error ? 'p-form-validation is-error' : 'p-form-validation'}>
          <label htmlFor={`${id}-expiry`}>Expires at</label>
          <input
            id={`${id}-expiry`}
            type="datetime-local"
            className="p-form-validation__input"
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-help${error ? ` ${id}-error` : ''}`}
            {...form.register('expiry', { validate: (value) => expiryError(value) ?? true })}
          />
          <p className="p-form-help-text" id={`${id}-help`}>
            Empty: the snapshot never expires.
          </p>
          {error && (
            <p className="p-form-validation__message" id={`${id}-error`} role="alert">
              {error}
            </p>
          )}
        </div>
      </form>
      {failure !== undefined && <ErrorNotice title="Could not save the expiry" error={failure} />}
    </FormModal>
  );
}
