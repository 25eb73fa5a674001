import { Link } from '../../shared/routing/router';
import { runningOperationsText, useRunningOperationsCount } from '../../features/operations';

/** 'N operation(s) in progress...' linking to /ui/operations (spec §2); nothing when idle. */
export default function RunningOperationsLink() {
  const count = useRunningOperationsCount();
  if (count === 0) return null;
  return (
    <Link className="status-bar__operations" to="/operations">
      <i className="p-icon--spinner u-animation--spin" aria-hidden="true" />{' '}
      {runningOperationsText(count)}
    </Link>
  );
}
