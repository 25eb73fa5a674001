import { useId } from 'react';
import { CheckboxInput, FormFailure, ResourceForm, TextInput, useResourceForm } from '../../forms';
import { expiryError, expiryToIso, snapshotNameError } from '../../validation/snapshots';
import { FormModal } from '../FormModal';

interface Values {
  name: string;
  expiry: string;
  stateful: boolean;
}

/** What the dialog asks LXD to make: `expiresAt` in RFC 3339 when one was chosen. */
export interface SnapshotRequest {
  name: string;
  expiresAt: string | undefined;
  stateful: boolean;
}

/**
 * Takes a snapshot of an instance or a storage volume: optional name (LXD names it otherwise),
 * optional expiry, and for instances the stateful choice (`stateful` given: whether the instance
 * runs, so that it has a state to save).
 */
export function CreateSnapshotModal({
  subject,
  kind,
  stateful,
  existing,
  create,
  onDone,
  onClose,
}: {
  /** The instance's or volume's name, for the title. */
  subject: string;
  kind: 'instance' | 'volume';
  stateful?: { running: boolean } | undefined;
  existing: readonly string[];
  create: (request: SnapshotRequest) => Promise<unknown>;
  onDone: (name: string) => void;
  onClose: () => void;
}) {
  const formId = useId();
  const running = stateful?.running ?? false;
  const kit = useResourceForm<Values>({
    defaultValues: { name: '', expiry: '', stateful: false },
    validate: (values) => ({
      name: snapshotNameError(values.name, existing, { required: false }),
      expiry: expiryError(values.expiry),
    }),
    onSubmit: async (values) => {
      await create({
        name: values.name.trim(),
        expiresAt: expiryToIso(values.expiry),
        stateful: stateful !== undefined && values.stateful,
      });
      onDone(values.name.trim());
      onClose();
    },
  });
  const title = `Create a snapshot of ${subject}`;

  return (
    <FormModal
      title={title}
      formId={formId}
      busy={kit.busy}
      submitLabel="Create snapshot"
      busyLabel="Creating…"
      onClose={onClose}
    >
      <ResourceForm kit={kit} id={formId}>
        <TextInput
          name="name"
          label="Snapshot name"
          placeholder="Leave empty for an automatic name"
        />
        <TextInput
          name="expiry"
          type="datetime-local"
          label="Expires at (optional)"
          help={`Empty: the ${kind}'s snapshots.expiry rule applies, or the snapshot never expires.`}
        />
        {stateful && (
          <CheckboxInput
            name="stateful"
            label="Stateful (save the running memory state)"
            disabled={!running}
            help={
              running
                ? 'Needs stateful migration support on the server (CRIU for containers).'
                : 'Only a running instance has a state to save.'
            }
          />
        )}
      </ResourceForm>
      <FormFailure failure={kit.failure} what="snapshot" action="create" />
    </FormModal>
  );
}
