import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { expiryError, expiryToIso, snapshotNameError } from '../validation/snapshots';
import { ModalFormFooter } from './ModalFormFooter';
import { Modal } from './Modal';
import { useStableCallback } from './useStableCallback';

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
  const id = useId();
  const [failure, setFailure] = useState<string>();
  const form = useForm<Values>({
    defaultValues: { name: '', expiry: '', stateful: false },
    mode: 'onTouched',
  });
  const { errors, isSubmitting } = form.formState;
  const running = stateful?.running ?? false;
  const close = useStableCallback(() => {
    if (!isSubmitting) onClose();
  });

  const submit = form.handleSubmit(async (values) => {
    setFailure(undefined);
    try {
      await create({
        name: values.name.trim(),
        expiresAt: expiryToIso(values.expiry),
        stateful: stateful !== undefined && values.stateful,
      });
      onDone(values.name.trim());
      onClose();
    } catch (e) {
      setFailure(e instanceof Error ? e.message : String(e));
    }
  });

  return (
    <Modal
      title={`Create a snapshot of ${subject}`}
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
            Empty: the {kind}&apos;s snapshots.expiry rule applies, or the snapshot never expires.
          </p>
          {errors.expiry && (
            <p className="p-form-validation__message" id={`${id}-expiry-error`} role="alert">
              {errors.expiry.message}
            </p>
          )}
        </div>
        {stateful && (
          <>
            <label className="p-checkbox" htmlFor={`${id}-stateful`}>
              <input
                id={`${id}-stateful`}
                type="checkbox"
                className="p-checkbox__input"
                disabled={!running}
                aria-describedby={`${id}-stateful-help`}
                {...form.register('stateful')}
              />
              <span className="p-checkbox__label">Stateful (save the running memory state)</span>
            </label>
            <p className="p-form-help-text" id={`${id}-stateful-help`}>
              {running
                ? 'Needs stateful migration support on the server (CRIU for containers).'
                : 'Only a running instance has a state to save.'}
            </p>
          </>
        )}
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
