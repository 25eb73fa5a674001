/**
 * A History tab: the journal's entries about one resource (and what is below it) or one project,
 * on the page's remote, live, with a link to the Activity page with the same filters.
 */
import { useMemo, useState } from 'react';
import { Link } from '../../../shared/routing/router';
import type { ActivityFilter } from '../api';
import { activityPagePath } from '../model';
import { useActivityFeed, usePageRemote } from '../queries';
import { ActivityFeedView, LiveToggle } from './ActivityFeedView';
import '../activity.scss';

export interface ResourceHistoryProps {
  /** The resource's LXD path (`activityResource.instance(name)`); none for a whole project. */
  resource?: string | undefined;
  /** The project of a per-project resource, or the project whose history it is. */
  project?: string | undefined;
  /** The table's accessible name. */
  label?: string;
}

export function ResourceHistoryPanel({
  resource,
  project,
  label = 'History',
}: ResourceHistoryProps) {
  const remote = usePageRemote();
  const filter = useMemo<ActivityFilter>(
    () => ({
      ...(remote.name ? { remote: remote.name } : {}),
      ...(resource ? { resource } : {}),
      ...(project ? { project } : {}),
    }),
    [remote.name, resource, project],
  );
  const [live, setLive] = useState(true);
  const feed = useActivityFeed(filter, { enabled: !remote.pending, live });
  return (
    <div className="activity-history">
      <div className="activity-history__toolbar">
        <LiveToggle live={live} onChange={setLive} feed={feed} />
        <Link className="p-button--base" to={activityPagePath(filter)}>
          Open in Activity
        </Link>
      </div>
      <ActivityFeedView
        feed={feed}
        label={label}
        live={live}
        columns={{ resource: !resource, project: false, remote: false, subject: resource }}
        empty={
          <p>Nothing has happened to it{feed.unavailable ? ' since this tab was opened' : ''}.</p>
        }
      />
    </div>
  );
}
