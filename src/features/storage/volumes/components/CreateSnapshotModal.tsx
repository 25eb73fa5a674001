import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  createVolumeSnapshot,
  type VolumeLocation,
} from '../../../../lxd/endpoints/storage-volumes';
import { Modal } from '../../../../shared/ui/Modal';
import { ModalFormFooter } from '../../../../shared/ui/ModalFormFooter';
import { expiryError, expiryToIso, snapshotNameError } from '../snapshot-rules';
import { useStableCallback } from '../../../../shared/ui/useStableCallback';

interface Values {
  name: string;
  expiry: string;
}

/** Takes a snapshot of a volume: optional name (LXD names it otherwise), optional expiry. */
export function CreateSnapshotModal({
  where,
  existing,
  onDone,
  onClose,
}: {
  where: VolumeLocation;
  existing: readonly string[];
  onDone: (name: string) => void;
  onClose: () => void;
}) {
  const id = useId();
  const [failure, setFailure] = useState<string>();
  const form = useForm<Values>({ defaultValues: { name: '', expiry: '' }, mode: 'onTouched' });
  const { errors, isSubmitting } = form.formState;
  const close = useStableCallback(() => {
    if (!isSubmitting) onClose();
  });

  const submit = form.handleSubmit(async (values) => {
    setFailure(undefined);
    const expiresAt = expiryToIso(values.expiry);
    const name = values.name.trim();
    try {
      await createVolumeSnapshot(where, {
        ...(name ? { name } : {}),
        ...(expiresAt ? { expires_at: expiresAt } : {}),
      });
      onDone(name);
      onClose();
    } catch (e) {
      setFailure(e instanceof Error ? e.message : String(e));
    }
  });

  return (
    <Modal
      title={`Create a snapshot of ${where.name}`}
      onClose={close}
      footer={
        <ModalFormFooter
          formId={`${id}-form`}
          busy={isSubmitting}
          submitLabel="Create snapshot"
          busyLabel="Creating…"
          onCancel={close}
        />
      }
    >
      <form id={`${id}-form`} noValidate onSubmit={(event) => void submit(event)}>
        <div className={errors.name ? 'p-form-validation is-error' : 'p-form-validation'}>
          <label htmlFor={`${id}-name`}>Snapshot name</label>
          <input
            type="text"
            id={`${id}-name`}
            placeholder="Leave empty for an automatic name"
            autoComplete="off"
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={errors.name ? `${id}-name-error` : undefined}
            {...form.register('name', {
              validate: (value) => snapshotNameError(value, existing, { required: false }) ?? true,
            })}
          />
          {errors.name && (
            <p className="p-form-validation__message" id={`${id}-name-error`} role="alert">
              {errors.name.message}
            </p>
          )}
        </div>
        <div className={errors.expiry ? 'p-form-validation is-error' : 'p-form-validation'}>
          <label htmlFor={`${id}-expiry`}>Expires at (optional)</label>
          <input
            id={`${id}-expiry`}
            type="datetime-local"
            aria-invalid={errors.expiry ? true : undefined}
            aria-describedby={`${id}-expiry-help${errors.expiry ? ` ${id}-expiry-error` : ''}`}
            {...form.register('expiry', { validate: (value) => expiryError(value) ?? true })}
          />
          <p className="p-form-help-text" id={`${id}-expiry-help`}>
            Empty: the volume&apos;s snapshots.expiry rule applies, or the snapshot never expires.
          </p>
          {errors.expiry && (
            <p className="p-form-validation__message" id={`${id}-expiry-error`} role="alert">
              {errors.expiry.message}
            </p>
          )}
        </div>
      </form>
      {failure && (
        <div className="p-notification--negative" role="alert">
          <div className="p-notification__content">
            <p className="p-notification__message">{failure}</p>
          </div>
        </div>
      )}
    </Modal>
  );
}
