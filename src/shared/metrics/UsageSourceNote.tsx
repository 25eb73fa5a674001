/** Says that the usage shown comes from the instance state counters, when it does (and why). */
export function UsageSourceNote({
  usage,
}: {
  usage: { source: string; fallbackReason?: string | undefined };
}) {
  if (usage.source !== 'state') return null;
  return (
    <p className="u-text--muted">
      From the instance state counters
      {usage.fallbackReason ? ` (${usage.fallbackReason})` : ''}.
    </p>
  );
}
