import type { InstanceStatus as Status } from '../../../lxd/types/instance';
import { useInstanceActivity } from './activity';
import { isTransitional, statusText } from './bulk';
import './actions.scss';

const tone = (status: Status) => {
  switch (status) {
    case 'Running':
      return 'running';
    case 'Stopped':
      return 'stopped';
    case 'Frozen':
      return 'frozen';
    case 'Error':
      return 'error';
    default:
      return 'other';
  }
};

/**
 * An instance's status (spec §4: Frozen shows frozen, Stopped stopped, Running running), with a
 * spinner while a state change from this tab runs or the instance is between two states.
 */
export function InstanceStatus({
  project,
  name,
  status,
}: {
  project: string;
  name: string;
  status: Status;
}) {
  const activity = useInstanceActivity(project, name);
  if (activity !== undefined || isTransitional(status)) {
    return (
      <span className="instance-status" aria-busy="true">
        <i className="p-icon--spinner u-animation--spin" aria-hidden="true" />
        <span>{activity ?? statusText(status)}…</span>
      </span>
    );
  }
  return (
    <span className={`instance-status instance-status--${tone(status)}`}>
      <span className="instance-status__dot" aria-hidden="true" />
      <span>{statusText(status)}</span>
    </span>
  );
}
