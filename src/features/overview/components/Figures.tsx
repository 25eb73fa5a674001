/** The overview's warning and operation figures, each a link to the list that explains it. */
import { Link } from '../../../shared/routing/router';
import { plural, type countWarnings } from '../counts';
import { operationsLink, warningsLink } from '../links';

export function WarningFigures({ warnings }: { warnings: ReturnType<typeof countWarnings> }) {
  if (warnings.length === 0) return <p className="overview__figure">No new warnings</p>;
  return (
    <ul className="overview__counts" aria-label="New warnings by severity">
      {warnings.map(({ severity, count }) => (
        <li key={severity}>
          <Link to={warningsLink(severity)}>
            {plural(count, 'warning')} ({severity})
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function OperationFigures({
  project,
  running,
  failed,
  atLeast = false,
}: {
  project: string;
  running: number;
  failed: number;
  /** The count is a lower bound (the journal holds more than was read). */
  atLeast?: boolean;
}) {
  return (
    <ul className="overview__counts" aria-label="Operations">
      <li>
        <Link to={operationsLink(project)}>{running.toLocaleString('en')} running</Link>
      </li>
      <li>
        <Link to={operationsLink(project)}>
          {atLeast ? 'At least ' : ''}
          {failed.toLocaleString('en')} failed in the last hour
        </Link>
      </li>
    </ul>
  );
}
