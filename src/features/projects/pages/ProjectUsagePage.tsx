import { useQuery } from '@tanstack/react-query';
import { useParams } from '../../../shared/routing/router';
import { StoredUsagePanel } from '../../../shared/metrics/StoredUsagePanel';
import { fetchProjectState } from '../../../lxd/endpoints/projects';
import { Loader } from '../../../shared/ui/Loader';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { RefreshButton } from '../../../shared/ui/RefreshButton';
import { ErrorNotice } from '../../../shared/ui/States';
import { InstanceUsageHistory } from '../components/InstanceUsageHistory';
import { usageRows } from '../usage';
import '../projects.scss';

/** /ui/project/{project}/usage: each resource's use against the project's limit. */
export function ProjectUsagePage() {
  const { project = '' } = useParams();
  const state = useQuery({
    queryKey: ['projects', 'state', project],
    queryFn: ({ signal }) => fetchProjectState(project, signal),
  });

  return (
    <section className="page project-page" aria-labelledby="project-usage-heading">
      <PageHeader title={<span id="project-usage-heading">Usage</span>}>
        <RefreshButton fetching={state.isFetching} onRefresh={() => void state.refetch()} />
      </PageHeader>
      {state.isPending && <Loader text="Loading usage…" />}
      {state.error && (
        <ErrorNotice
          title="Could not load the project's usage"
          error={state.error}
          onRetry={() => void state.refetch()}
        />
      )}
      {state.data && (
        <ul className="p-list project-usage" aria-label="Resource usage">
          {usageRows(state.data).map((row) => (
            <li key={row.id} className="p-list__item project-usage__row">
              <span className="project-usage__label" id={`usage-${row.id}`}>
                {row.label}
              </span>
              <meter
                className="project-usage__bar"
                aria-labelledby={`usage-${row.id}`}
                min={0}
                max={row.limit ?? Math.max(row.usage, 1)}
                value={row.limit === undefined ? 0 : row.usage}
                aria-valuetext={row.text}
              />
              <span className="project-usage__text">{row.text}</span>
            </li>
          ))}
        </ul>
      )}
      <StoredUsagePanel scope={{ project }} name={`project ${project}`} />
      <InstanceUsageHistory project={project} />
    </section>
  );
}
