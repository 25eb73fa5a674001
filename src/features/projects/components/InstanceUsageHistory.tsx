import { fetchProjectStateUsage } from '../../../lxd/endpoints/metrics';
import { UsageCharts } from '../../../shared/metrics/UsageCharts';
import { UsageSourceNote } from '../../../shared/metrics/UsageSourceNote';
import { useUsageHistory } from '../../../shared/metrics/useUsageHistory';
import { Loader } from '../../../shared/ui/Loader';

/** Each running instance of the project: CPU, memory, disk and network over the last 6 samples. */
export function InstanceUsageHistory({ project }: { project: string }) {
  const usage = useUsageHistory({
    project,
    scope: '',
    enabled: true,
    fallback: (signal) => fetchProjectStateUsage(project, signal),
  });
  const instances = [...usage.histories.entries()]
    .filter(([key]) => key.startsWith(`${project}/`))
    .map(([key, history]) => ({ name: key.slice(project.length + 1), history }))
    .sort((a, b) => a.name.localeCompare(b.name));
  return (
    <section className="project-usage-history" aria-labelledby="project-usage-history">
      <h2 className="p-heading--4" id="project-usage-history">
        Running instances
      </h2>
      <UsageSourceNote usage={usage} />
      {instances.length > 0 ? (
        instances.map(({ name, history }) => (
          <section
            key={name}
            aria-label={`Usage of ${name}`}
            className="project-usage-history__instance"
          >
            <h3 className="p-heading--5">{name}</h3>
            <UsageCharts name={name} history={history} />
          </section>
        ))
      ) : usage.error ? (
        <p className="u-text--muted">Usage is not available: {usage.error.message}</p>
      ) : usage.isPending ? (
        <Loader text="Loading instance usage…" />
      ) : (
        <p className="u-text--muted">No instance of this project is running.</p>
      )}
    </section>
  );
}
