import { useId, useState } from 'react';
import { Modal } from '../../../shared/ui/Modal';
import {
  BULK_ACTION_LABELS,
  BULK_ACTION_WORDS,
  canForce,
  pluralInstances,
  statusText,
  type BulkPlan,
  type InstanceRef,
} from './bulk';
import { NameList } from './NameList';
import './actions.scss';

export type ActionRequest<T extends InstanceRef = InstanceRef> =
  { kind: 'state'; plan: BulkPlan<T> } | { kind: 'delete'; instances: readonly T[] };

const subject = (names: readonly { name: string }[]) =>
  names.length === 1 && names[0] ? names[0].name : pluralInstances(names.length);

/**
 * Asks before a state change or deletion: what will happen to which instance, and what is
 * skipped and why. The work itself runs after the dialog closes (progress shows on the rows).
 */
export interface InstanceActionModalProps<T extends InstanceRef> {
  request: ActionRequest<T>;
  onConfirm: (options: { force: boolean }) => void;
  onClose: () => void;
}

export function InstanceActionModal<T extends InstanceRef>({
  request,
  onConfirm,
  onClose,
}: InstanceActionModalProps<T>) {
  const [force, setForce] = useState(false);
  const forceId = useId();
  const forceHelpId = useId();

  if (request.kind === 'state') {
    const { plan } = request;
    const label = BULK_ACTION_LABELS[plan.action];
    const word = BULK_ACTION_WORDS[plan.action];
    const targets = plan.run.map(({ instance }) => instance);
    const all = [...targets, ...plan.skipped];
    return (
      <Modal
        title={`${label} ${subject(all)}`}
        onClose={onClose}
        footer={
          <>
            <button type="button" className="p-button--base" onClick={onClose}>
              Cancel
            </button>
            <button
              type="button"
              className={plan.action === 'stop' ? 'p-button--negative' : 'p-button--positive'}
              disabled={targets.length === 0}
              onClick={() => {
                onConfirm({ force });
              }}
            >
              {targets.length > 1 ? `${label} ${pluralInstances(targets.length)}` : label}
            </button>
          </>
        }
      >
        {targets.length > 0 ? (
          <>
            <p>
              {targets.length === 1 ? 'This instance' : `These ${targets.length} instances`} will be{' '}
              {word}:
            </p>
            <NameList
              label={`Instances to be ${word}`}
              items={plan.run.map(({ instance, sentAs }) => ({
                name: instance.name,
                note: sentAs === 'unfreeze' ? 'frozen: will be unfrozen' : undefined,
              }))}
            />
          </>
        ) : (
          <p>None of the selected instances can be {word}.</p>
        )}
        {plan.skipped.length > 0 && (
          <>
            <p>
              {pluralInstances(plan.skipped.length)} skipped: {label.toLowerCase()} does not apply
              to {plan.skipped.length === 1 ? 'its' : 'their'} status.
            </p>
            <NameList
              label="Skipped instances"
              items={plan.skipped.map((instance) => ({
                name: instance.name,
                note: statusText(instance.status),
              }))}
            />
          </>
        )}
        {canForce(plan.action) && targets.length > 0 && (
          <div className="p-form__group instance-action-force">
            <label className="p-checkbox" htmlFor={forceId}>
              <input
                id={forceId}
                type="checkbox"
                className="p-checkbox__input"
                checked={force}
                aria-describedby={forceHelpId}
                onChange={(event) => {
                  setForce(event.target.checked);
                }}
              />
              <span className="p-checkbox__label">Force {plan.action}</span>
            </label>
            <p className="p-form-help-text" id={forceHelpId}>
              Kills the instance without waiting for a clean shutdown.
            </p>
          </div>
        )}
      </Modal>
    );
  }

  const { instances } = request;
  const stopped = instances.filter((instance) => instance.status === 'Stopped');
  const notStopped = instances.filter((instance) => instance.status !== 'Stopped');
  const targets = force ? instances : stopped;
  return (
    <Modal
      title={`Delete ${subject(instances)}`}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="p-button--base" onClick={onClose}>
            Cancel
          </button>
          <button
            type="button"
            className="p-button--negative"
            disabled={targets.length === 0}
            onClick={() => {
              onConfirm({ force });
            }}
          >
            {targets.length > 1 ? `Delete ${pluralInstances(targets.length)}` : 'Delete'}
          </button>
        </>
      }
    >
      {stopped.length > 0 && (
        <>
          <p>
            {stopped.length === 1 ? 'This instance' : `These ${stopped.length} instances`} and their
            snapshots will be deleted. This cannot be undone.
          </p>
          <NameList label="Instances to be deleted" items={stopped} />
        </>
      )}
      {notStopped.length > 0 && (
        <>
          <p>
            LXD deletes only stopped instances.{' '}
            {force
              ? 'These will be force stopped, then deleted:'
              : 'These are skipped unless they are force stopped first:'}
          </p>
          <NameList
            label={force ? 'Instances to be force stopped and deleted' : 'Skipped instances'}
            items={notStopped.map((instance) => ({
              name: instance.name,
              note: statusText(instance.status),
            }))}
          />
          <div className="p-form__group instance-action-force">
            <label className="p-checkbox" htmlFor={forceId}>
              <input
                id={forceId}
                type="checkbox"
                className="p-checkbox__input"
                checked={force}
                aria-describedby={forceHelpId}
                onChange={(event) => {
                  setForce(event.target.checked);
                }}
              />
              <span className="p-checkbox__label">Force stop running instances first</span>
            </label>
            <p className="p-form-help-text" id={forceHelpId}>
              Kills them without waiting for a clean shutdown.
            </p>
          </div>
        </>
      )}
    </Modal>
  );
}
