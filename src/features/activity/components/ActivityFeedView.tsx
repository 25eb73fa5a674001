/**
 * What the Activity page and a History tab show of a feed: the notes (no console server, the
 * journal behind), whether it is live, the loading, empty and error states, the table, and
 * "Load more".
 */
import type { ReactNode } from 'react';
import { Loader } from '../../../shared/ui/Loader';
import { EmptyState, ErrorNotice } from '../../../shared/ui/States';
import { clsx } from '../../../shared/ui/clsx';
import type { ActivityFeed } from '../queries';
import { usePageRemote } from '../queries';
import { ActivityTable, type ActivityColumnOptions } from './ActivityTable';

/** What the page and the tabs say when LXD serves the console (no journal). */
export const NEEDS_CONSOLE_SERVER =
  'History needs the console server: this page shows only what happened since this tab was opened.';

/** What they say when the console server keeps no journal (`--journal off`): its reason. */
export const noJournalText = (reason: string) =>
  `History needs the console server's activity journal (${reason}): this page shows only what happened since this tab was opened.`;

export const BEHIND_FALLBACK =
  'The console server cannot reach its database: new entries are kept and written once it is back.';

export const LIVE_TEXT = 'Live: new entries appear as they happen.';
export const PAUSED_TEXT = 'Paused: new entries are not shown until you turn Live on again.';
export const ENDS_TEXT = 'Not live: the entries end at the To time.';
export const SESSION_TEXT = "This tab's events appear as they happen.";

const TO_TIME_REASON = 'Entries end at the To time: clear To to follow new ones.';

/** The "Live" toggle: the tail runs while it is pressed. */
export function LiveToggle({
  live,
  onChange,
  feed,
}: {
  live: boolean;
  onChange: (live: boolean) => void;
  feed: Pick<ActivityFeed, 'unavailable' | 'canFollow'>;
}) {
  if (feed.unavailable) return null;
  const pressed = live && feed.canFollow;
  return (
    <button
      type="button"
      className={clsx('p-button', 'activity-live', pressed && 'is-live')}
      aria-pressed={pressed}
      disabled={!feed.canFollow}
      title={feed.canFollow ? undefined : TO_TIME_REASON}
      onClick={() => {
        onChange(!live);
      }}
    >
      <span className="activity-live__dot" aria-hidden="true" />
      Live
    </button>
  );
}

function liveText(feed: ActivityFeed, live: boolean): string {
  if (feed.unavailable) return SESSION_TEXT;
  if (!feed.canFollow) return ENDS_TEXT;
  return live ? LIVE_TEXT : PAUSED_TEXT;
}

const count = (n: number) => `${n.toLocaleString()} ${n === 1 ? 'entry' : 'entries'}`;

export interface ActivityFeedViewProps {
  feed: ActivityFeed;
  /** The table's accessible name. */
  label: string;
  live: boolean;
  columns: Pick<ActivityColumnOptions, 'resource' | 'project' | 'remote' | 'subject'>;
  /** The feed's error is a refused filter shown next to its field. */
  errorShownAtField?: boolean;
  /** What an empty table says. */
  empty: ReactNode;
}

export function ActivityFeedView({
  feed,
  label,
  live,
  columns,
  errorShownAtField = false,
  empty,
}: ActivityFeedViewProps) {
  const remote = usePageRemote();
  const { entries } = feed;
  const journal = feed.journal;

  let content: ReactNode;
  if (feed.pending) {
    content = <Loader text="Loading activity…" />;
  } else if (feed.error && errorShownAtField) {
    content = (
      <p className="page-note" role="note">
        Change the filters to see the activity.
      </p>
    );
  } else if (feed.error && entries.length === 0) {
    content = (
      <ErrorNotice title="Could not load activity" error={feed.error} onRetry={feed.retry} />
    );
  } else if (entries.length === 0) {
    content = <EmptyState title="No activity found">{empty}</EmptyState>;
  } else {
    content = (
      <>
        {feed.error !== null && feed.error !== undefined && (
          <ErrorNotice
            title="Could not load more activity"
            error={feed.error}
            onRetry={feed.retry}
          />
        )}
        <p className="activity-count u-text--muted">
          {count(entries.length)} shown, newest first{feed.hasMore ? '; older ones follow' : ''}.
        </p>
        <ActivityTable
          label={label}
          entries={entries}
          options={{
            ...columns,
            remote: columns.remote && !feed.unavailable,
            pageRemote: remote.name,
            remotes: remote.remotes,
          }}
        />
        {feed.hasMore && (
          <div className="activity-more">
            <button
              type="button"
              className="p-button"
              disabled={feed.loadingMore}
              aria-busy={feed.loadingMore}
              onClick={feed.loadMore}
            >
              {feed.loadingMore && (
                <i className="p-icon--spinner u-animation--spin" aria-hidden="true" />
              )}{' '}
              Load more
            </button>
          </div>
        )}
      </>
    );
  }

  return (
    <div className="activity-feed">
      {feed.unavailable && (
        <p className="page-note" role="note">
          {feed.unavailableReason ? noJournalText(feed.unavailableReason) : NEEDS_CONSOLE_SERVER}
        </p>
      )}
      {journal?.state === 'behind' && (
        <div className="p-notification--caution" role="status">
          <div className="p-notification__content">
            <p className="p-notification__message">{journal.message || BEHIND_FALLBACK}</p>
          </div>
        </div>
      )}
      <p className="activity-live-status" role="status">
        {feed.pending ? '' : liveText(feed, live)}
      </p>
      {content}
    </div>
  );
}
