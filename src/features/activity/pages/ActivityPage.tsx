import { useMemo, useState } from 'react';
import { useSearchParams } from '../../../shared/routing/router';
import { useMarkFirstContent } from '../../../shared/ui/afterFirstScreen';
import { PageHeader } from '../../../shared/ui/PageHeader';
import {
  ActivityFilterError,
  FILTER_PARAMS,
  activityExportUrl,
  activitySearch,
  type ActivityFilter,
  type FilterParam,
} from '../api';
import { ActivityFeedView, LiveToggle } from '../components/ActivityFeedView';
import { ActivityFilters } from '../components/ActivityFilters';
import {
  filterProblems,
  hasProblems,
  readFilter,
  requestFilter,
  type FilterProblems,
} from '../filters';
import { useActivityFeed, usePageRemote } from '../queries';
import '../../../shared/pages/pages.scss';
import '../activity.scss';

const EXPORTS = [
  { format: 'csv', label: 'Export CSV' },
  { format: 'jsonl', label: 'Export JSON Lines' },
] as const;

const FIX_FILTERS = 'Fix the filters first';

/** Downloads of what the filters select, from the console server. */
function ExportLinks({ filter, reason }: { filter: ActivityFilter; reason: string | undefined }) {
  return (
    <>
      {EXPORTS.map(({ format, label }) =>
        reason ? (
          <button key={format} type="button" className="p-button" disabled title={reason}>
            {label}
          </button>
        ) : (
          <a key={format} className="p-button" href={activityExportUrl(format, filter)} download>
            {label}
          </a>
        ),
      )}
    </>
  );
}

const isFilterParam = (field: string): field is FilterParam =>
  (FILTER_PARAMS as readonly string[]).includes(field);

/**
 * /ui/activity: who did what, from the console server's journal, newest first, with its filters
 * in the address; live while no end time is set. Without a console server, this tab's events.
 */
export function ActivityPage() {
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  const filter = useMemo(() => readFilter(new URLSearchParams(search)), [search]);
  const problems = useMemo(() => filterProblems(filter), [filter]);
  const valid = !hasProblems(problems);
  const request = useMemo(() => (valid ? requestFilter(filter) : filter), [filter, valid]);
  const [live, setLive] = useState(true);
  const feed = useActivityFeed(request, { enabled: valid, live });
  const remote = usePageRemote();
  useMarkFirstContent(!valid || !feed.pending);

  const refused =
    feed.error instanceof ActivityFilterError && isFilterParam(feed.error.field)
      ? feed.error
      : undefined;
  const shown: FilterProblems = refused
    ? { ...problems, [refused.field]: refused.message }
    : problems;

  return (
    <section className="page activity-page" aria-labelledby="activity-heading">
      <PageHeader title={<span id="activity-heading">Activity</span>}>
        <LiveToggle live={live} onChange={setLive} feed={feed} />
        {!feed.unavailable && (
          <ExportLinks filter={request} reason={valid && !refused ? undefined : FIX_FILTERS} />
        )}
      </PageHeader>
      <ActivityFilters
        key={search}
        filter={filter}
        problems={shown}
        remotes={remote.remotes}
        onApply={(next) => {
          setParams(activitySearch(requestFilter(next)), { replace: true });
        }}
      />
      {valid ? (
        <ActivityFeedView
          feed={feed}
          label="Activity"
          live={live}
          columns={{ resource: true, project: true, remote: (remote.remotes?.length ?? 0) > 1 }}
          errorShownAtField={refused !== undefined}
          empty={
            <p>
              {Object.keys(filter).length > 0
                ? 'Nothing matches these filters.'
                : 'Nothing has happened yet.'}
            </p>
          }
        />
      ) : (
        <p className="page-note" role="note">
          Fix the filters to see the activity.
        </p>
      )}
    </section>
  );
}
