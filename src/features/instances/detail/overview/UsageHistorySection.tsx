import { fetchInstanceStateUsage, instanceKey } from '../../../../lxd/endpoints/metrics';
import type { LxdInstance } from '../../../../lxd/types/instance';
import { UsageCharts } from '../../../../shared/metrics/UsageCharts';
import { UsageSourceNote } from '../../../../shared/metrics/UsageSourceNote';
import { useUsageHistory } from '../../../../shared/metrics/useUsageHistory';
import { Loader } from '../../../../shared/ui/Loader';

/** The running instance's CPU, memory, disk and network over the last 6 samples. */
export function UsageHistorySection({ instance }: { instance: LxdInstance }) {
  const usage = useUsageHistory({
    project: instance.project,
    scope: instance.name,
    enabled: true,
    fallback: (signal) => fetchInstanceStateUsage(instance.project, instance.name, signal),
    awaited: instanceKey(instance.project, instance.name),
  });
  const history = usage.histories.get(instanceKey(instance.project, instance.name)) ?? [];
  return (
    <section aria-labelledby="overview-usage-history" className="instance-overview__wide">
      <h2 className="p-heading--5" id="overview-usage-history">
        Usage over time
      </h2>
      <UsageSourceNote usage={usage} />
      {history.length > 0 ? (
        <UsageCharts name={instance.name} history={history} />
      ) : usage.error ? (
        <p className="u-text--muted">Usage is not available: {usage.error.message}</p>
      ) : usage.isPending ? (
        <Loader text="Loading usage…" />
      ) : (
        <p className="u-text--muted">No usage reported yet.</p>
      )}
    </section>
  );
}
