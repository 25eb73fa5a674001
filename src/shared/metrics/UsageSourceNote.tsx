import type { UsageHistory } from './useUsageHistory';

/** Says so when the usage is counted from the instance state instead of /1.0/metrics. */
export function UsageSourceNote({
  usage,
}: {
  usage: Pick<UsageHistory, 'source' | 'fallbackReason'>;
}) {
  if (usage.source !== 'state') return null;
  return (
    <p className="u-text--muted">
      From the instance state counters
      {usage.fallbackReason ? ` (${usage.fallbackReason})` : ''}.
    </p>
  );
}
