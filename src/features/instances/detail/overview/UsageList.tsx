import type { UseQueryResult } from '@tanstack/react-query';
import { Fragment } from 'react';
import type { LxdInstanceState } from '../../../../lxd/types/instance';
import { formatBytes } from '../../../../shared/format/bytes';
import { Loader } from '../../../../shared/ui/Loader';

/** CPU time in nanoseconds, as "1 h 2 min 3 s". */
export function formatCpuTime(nanoseconds: number): string {
  const seconds = Math.round(nanoseconds / 1e9);
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  const parts = [];
  if (hours) parts.push(`${hours} h`);
  if (minutes) parts.push(`${minutes} min`);
  parts.push(`${rest} s`);
  return parts.join(' ');
}

/** Live usage: CPU time, memory (with the limit), disks and processes. */
export function UsageList({
  state,
  config,
}: {
  state: UseQueryResult<LxdInstanceState>;
  config: Record<string, string>;
}) {
  if (state.isPending) return <Loader text="Loading usage…" />;
  if (state.isError) return <p className="u-text--muted">Usage is not available.</p>;
  const { cpu, memory, disk, processes, status } = state.data;
  if (status !== 'Running' && status !== 'Frozen') {
    return <p className="u-text--muted">Not running.</p>;
  }
  const limit = config['limits.memory'];
  return (
    <dl className="overview-list">
      <dt>CPU time</dt>
      <dd>{cpu ? formatCpuTime(cpu.usage) : '-'}</dd>
      <dt>Memory</dt>
      <dd>
        {memory ? formatBytes(memory.usage) : '-'}
        {limit ? <span className="u-text--muted"> of {limit}</span> : null}
        {memory?.usage_peak ? (
          <span className="u-text--muted"> (peak {formatBytes(memory.usage_peak)})</span>
        ) : null}
      </dd>
      {memory?.swap_usage ? (
        <>
          <dt>Swap</dt>
          <dd>{formatBytes(memory.swap_usage)}</dd>
        </>
      ) : null}
      {Object.entries(disk ?? {}).map(([name, usage]) => (
        <Fragment key={name}>
          <dt>Disk {name}</dt>
          <dd>
            {formatBytes(usage.usage)}
            {usage.total ? (
              <span className="u-text--muted"> of {formatBytes(usage.total)}</span>
            ) : null}
          </dd>
        </Fragment>
      ))}
      <dt>Processes</dt>
      <dd>{processes >= 0 ? processes : '-'}</dd>
    </dl>
  );
}
