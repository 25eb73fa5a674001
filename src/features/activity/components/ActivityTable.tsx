/**
 * The activity table of the Activity page and the History tabs: the shared table (no sorting:
 * the journal's order, newest first), a gap in the journal as one row across the table.
 */
import { useMemo } from 'react';
import { Link } from '../../../shared/routing/router';
import { DataTable, type ListColumn } from '../../../shared/ui/list';
import { remoteUrl, type ConsoleRemote } from '../../remotes';
import { resourceTypeLabel, type ActivityEntry } from '../api';
import {
  formatActivityTime,
  lxdUserText,
  resourceName,
  resourcePath,
  viaConsoleText,
} from '../model';

export interface ActivityColumnOptions {
  /** The Resource column (off in a resource's own History: every row is about it). */
  resource: boolean;
  project: boolean;
  remote: boolean;
  /** The resource a History tab shows: rows about something below it name that in the Action. */
  subject?: string | undefined;
  /** The page's remote: a resource on another one is another page (a plain link). */
  pageRemote: string | undefined;
  remotes: readonly ConsoleRemote[] | null | undefined;
}

export function ActivityTime({ time }: { time: string }) {
  return (
    <time dateTime={time} title={time}>
      {formatActivityTime(time)}
    </time>
  );
}

function UserCell({ entry }: { entry: ActivityEntry }) {
  const via = viaConsoleText(entry);
  const who = lxdUserText(entry);
  // The whole of what LXD said: the user (a certificate's fingerprint), how and from where.
  const how = [
    entry.user,
    entry.protocol && `over ${entry.protocol}`,
    entry.address && `from ${entry.address}`,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <span title={how || undefined}>
      {who || (via ? '' : <span className="u-text--muted">none</span>)}
      {via && (
        <>
          {who ? ' ' : ''}
          <span className="activity-via">{via}</span>
        </>
      )}
    </span>
  );
}

function ResourceCell({
  entry,
  pageRemote,
  remotes,
}: {
  entry: ActivityEntry;
  pageRemote: string | undefined;
  remotes: readonly ConsoleRemote[] | null | undefined;
}) {
  const name = resourceName(entry) || entry.resource;
  const path = resourcePath(entry);
  const type = (
    <span className="activity-type u-text--muted"> {resourceTypeLabel(entry.resourceType)}</span>
  );
  if (path === undefined || name === '') {
    return (
      <span>
        {name}
        {type}
      </span>
    );
  }
  const elsewhere = entry.remote !== '' && pageRemote !== undefined && entry.remote !== pageRemote;
  if (!elsewhere) {
    return (
      <span>
        <Link to={path}>{name}</Link>
        {type}
      </span>
    );
  }
  const remote = remotes?.find((one) => one.name === entry.remote);
  return (
    <span>
      <a href={remoteUrl({ name: entry.remote, default: remote?.default ?? false }, path)}>
        {name}
      </a>
      {type}
    </span>
  );
}

function OutcomeCell({ entry }: { entry: ActivityEntry }) {
  if (entry.outcome === 'failure') {
    return (
      <span className="activity-outcome activity-outcome--failure">
        <i className="p-icon--error" aria-hidden="true" /> Failure
        {entry.message && <span className="activity-message"> {entry.message}</span>}
      </span>
    );
  }
  return (
    <span className="activity-outcome">
      <i className="p-icon--success" aria-hidden="true" /> Success
    </span>
  );
}

/** What a subject's History says of an entry about something below it ("c1/snap0"). */
function belowSubject(entry: ActivityEntry, subject: string | undefined): string {
  if (!subject) return '';
  const path = entry.resource.split('?', 1)[0] ?? '';
  return path !== subject && path.startsWith(`${subject}/`) ? resourceName(entry) : '';
}

export function activityColumns(options: ActivityColumnOptions): ListColumn<ActivityEntry>[] {
  const { subject, pageRemote, remotes } = options;
  const columns: (ListColumn<ActivityEntry> | false)[] = [
    {
      id: 'time',
      header: 'Time',
      width: 15,
      rowHeader: true,
      cell: (entry) => <ActivityTime time={entry.time} />,
    },
    { id: 'user', header: 'User', width: 13, cell: (entry) => <UserCell entry={entry} /> },
    {
      id: 'action',
      header: 'Action',
      width: 13,
      cell: (entry) => {
        const below = belowSubject(entry, subject);
        return (
          <span className="activity-action">
            {entry.action}
            {below && <span className="u-text--muted"> {below}</span>}
          </span>
        );
      },
    },
    options.resource && {
      id: 'resource',
      header: 'Resource',
      cell: (entry) => <ResourceCell entry={entry} pageRemote={pageRemote} remotes={remotes} />,
    },
    options.remote && {
      id: 'remote',
      header: 'Remote',
      width: 8,
      priority: 2,
      cell: (entry) => entry.remote,
    },
    options.project && {
      id: 'project',
      header: 'Project',
      width: 8,
      priority: 2,
      cell: (entry) => entry.project,
    },
    { id: 'outcome', header: 'Outcome', width: 9, cell: (entry) => <OutcomeCell entry={entry} /> },
  ];
  return columns.filter((column) => column !== false);
}

/** A gap in the journal: what it says of it, across the table. */
function gapRow(entry: ActivityEntry) {
  if (entry.kind !== 'gap' && entry.outcome !== 'gap') return undefined;
  const message =
    entry.message ||
    `Events may be missing between ${formatActivityTime(entry.time)} and ${formatActivityTime(entry.until ?? '')}`;
  return (
    <span className="activity-gap">
      <i className="p-icon--warning" aria-hidden="true" /> {message}
    </span>
  );
}

const entryKey = (entry: ActivityEntry) => entry.id;

export function ActivityTable({
  label,
  entries,
  options,
}: {
  label: string;
  entries: readonly ActivityEntry[];
  options: ActivityColumnOptions;
}) {
  const { resource, project, remote, subject, pageRemote, remotes } = options;
  const columns = useMemo(
    () => activityColumns({ resource, project, remote, subject, pageRemote, remotes }),
    [resource, project, remote, subject, pageRemote, remotes],
  );
  return (
    <DataTable<ActivityEntry>
      label={label}
      rows={entries}
      columns={columns}
      rowKey={entryKey}
      noun={{ one: 'entry', other: 'entries' }}
      fullRow={gapRow}
      className="activity-table"
    />
  );
}
