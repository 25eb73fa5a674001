import { useId, useState } from 'react';
import { useProductName } from '../../../shared/auth/product';
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

/** The force choice of a stop, restart or deletion, with what it does. */
function ForceOption({
  label,
  help,
  force,
  onChange,
}: {
  label: string;
  help: string;
  force: boolean;
  onChange: (force: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="p-form__group instance-action-force">
      <label className="p-checkbox" htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          className="p-checkbox__input"
          checked={force}
          aria-describedby={`${id}-help`}
          onChange={(event) => {
            onChange(event.target.checked);
          }}
        />
        <span className="p-checkbox__label">{label}</span>
      </label>
      <p className="p-form-help-text" id={`${id}-help`}>
        {help}
      </p>
    </div>
  );
}

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
  const forceOption = { force, onChange: setForce };
  const what =
    request.kind === 'state'
      ? {
          label: BULK_ACTION_LABELS[request.plan.action],
          everyone: [...request.plan.run.map(({ instance }) => instance), ...request.plan.skipped],
          targets: request.plan.run.length,
          danger: request.plan.action === 'stop',
        }
      : {
          label: 'Delete',
          everyone: request.instances,
          targets: force
            ? request.instances.length
            : request.instances.filter((instance) => instance.status === 'Stopped').length,
          danger: true,
        };
  return (
    <Modal
      title={`${what.label} ${subject(what.everyone)}`}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="p-button--base" onClick={onClose}>
            Cancel
          </button>
          <button
            type="button"
            className={what.danger ? 'p-button--negative' : 'p-button--positive'}
            disabled={what.targets === 0}
            onClick={() => {
              onConfirm({ force });
            }}
          >
            {what.targets > 1 ? `${what.label} ${pluralInstances(what.targets)}` : what.label}
          </button>
        </>
      }
    >
      {request.kind === 'state' ? (
        <StateChange plan={request.plan} forceOption={forceOption} />
      ) : (
        <Deletion instances={request.instances} forceOption={forceOption} />
      )}
    </Modal>
  );
}

interface ForceChoice {
  force: boolean;
  onChange: (force: boolean) => void;
}

/** What a state change does to which instance, what it skips and why. */
function StateChange<T extends InstanceRef>({
  plan,
  forceOption,
}: {
  plan: BulkPlan<T>;
  forceOption: ForceChoice;
}) {
  const label = BULK_ACTION_LABELS[plan.action];
  const word = BULK_ACTION_WORDS[plan.action];
  const targets = plan.run.length;
  return (
    <>
      {targets > 0 ? (
        <>
          <p>
            {targets === 1 ? 'This instance' : `These ${targets} instances`} will be {word}:
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
            {pluralInstances(plan.skipped.length)} skipped: {label.toLowerCase()} does not apply to{' '}
            {plan.skipped.length === 1 ? 'its' : 'their'} status.
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
      {canForce(plan.action) && targets > 0 && (
        <ForceOption
          label={`Force ${plan.action}`}
          help="Kills the instance without waiting for a clean shutdown."
          {...forceOption}
        />
      )}
    </>
  );
}

/** Which instances are deleted, and which only when force stopped first. */
function Deletion({
  instances,
  forceOption,
}: {
  instances: readonly InstanceRef[];
  forceOption: ForceChoice;
}) {
  const stopped = instances.filter((instance) => instance.status === 'Stopped');
  const notStopped = instances.filter((instance) => instance.status !== 'Stopped');
  const { force } = forceOption;
  const product = useProductName();
  return (
    <>
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
            {product} deletes only stopped instances.{' '}
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
          <ForceOption
            label="Force stop running instances first"
            help="Kills them without waiting for a clean shutdown."
            {...forceOption}
          />
        </>
      )}
    </>
  );
}
