import { formatBytes } from '../../../../shared/format/bytes';
import { poolStatusTone, type PoolUsage } from '../rules';

/** Space used of the total, as a bar and as text ("25.2 GiB of 252.0 GiB"). */
export function UsageBar({ usage, label }: { usage: PoolUsage; label: string }) {
  const text = `${formatBytes(usage.used)} of ${formatBytes(usage.total)}`;
  return (
    <span className="pool-usage">
      <meter
        className="pool-usage__bar"
        min={0}
        max={usage.total}
        value={usage.used}
        high={usage.total * 0.9}
        optimum={0}
        aria-label={`${label}: ${text} (${usage.percent}%)`}
      />
      <span className="pool-usage__text" title={`${usage.percent}% used`}>
        {text}
      </span>
    </span>
  );
}

/** A pool's status (Created, Pending, Errored, Unknown) as a status label. */
export function PoolStatus({ status }: { status: string | undefined }) {
  if (!status) return <span className="u-text--muted">-</span>;
  const tone = poolStatusTone(status);
  return (
    <span className={tone ? `p-status-label--${tone} pool-status` : 'p-status-label pool-status'}>
      {status}
    </span>
  );
}
