import { useId } from 'react';
import { FormFailure, ResourceForm, TextInput, useResourceForm } from '../../forms';
import { isNever } from '../../format/dates';
import { expiryError, expiryToIso } from '../../validation/snapshots';
import { FormModal } from '../FormModal';

/** LXD's zero date: the snapshot never expires. */
export const NEVER_EXPIRES = '0001-01-01T00:00:00Z';

const pad = (value: number) => String(value).padStart(2, '0');

/** An RFC 3339 time as a `datetime-local` value in local time ('' for never). */
export function toLocalInput(value: string | null | undefined): string {
  if (isNever(value)) return '';
  const date = new Date(value ?? '');
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
  snapshot: { name: string; expires_at?: string | null | undefined };
  onSubmit: (expiresAt: string) => Promise<void>;
  onClose: () => void;
}) {
  const formId = useId();
  const kit = useResourceForm<{ expiry: string }>({
    defaultValues: { expiry: toLocalInput(snapshot.expires_at) },
    validate: ({ expiry }) => ({ expiry: expiryError(expiry) }),
    onSubmit: async ({ expiry }) => {
      await onSubmit(expiresAtOf(expiry));
      onClose();
    },
  });

  return (
    <FormModal
      title={`Expiry of ${snapshot.name}`}
      formId={formId}
      busy={kit.busy}
      submitLabel="Save expiry"
      onClose={onClose}
    >
      <ResourceForm kit={kit} id={formId}>
        <TextInput
          name="expiry"
          type="datetime-local"
          label="Expires at"
          help="Empty: the snapshot never expires."
        />
      </ResourceForm>
      <FormFailure failure={kit.failure} what="expiry" />
    </FormModal>
  );
}
