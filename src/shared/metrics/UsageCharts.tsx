import { useMemo } from 'react';
import type { UsageSample } from '../../lxd/endpoints/metrics';
import { formatBytes } from '../format/bytes';
import { chartData } from './history';
import { MiniChart } from './MiniChart';
import './metrics.scss';

const percent = (value: number) => `${value.toFixed(value < 10 ? 1 : 0)} %`;
const rate = (value: number) => `${formatBytes(value)}/s`;

function latest<T>(values: readonly (T | null)[]): T | null {
  return values.length ? (values[values.length - 1] ?? null) : null;
}

/**
 * CPU, memory, disk and network of one instance as four small charts, each a figure named
 * "<What> usage of <name>" with its latest numbers in the caption.
 */
export function UsageCharts({ name, history }: { name: string; history: readonly UsageSample[] }) {
  const data = useMemo(() => chartData(history), [history]);
  const newest = history[history.length - 1];
  if (!newest) return null;
  const cpu = latest(data.cpuPercent);
  const received = latest(data.receivedPerSecond);
  const sent = latest(data.sentPerSecond);
  const samples = `${history.length} sample${history.length === 1 ? '' : 's'}`;
  return (
    <div className="usage-charts">
      <figure className="usage-chart" aria-label={`CPU usage of ${name}`}>
        <figcaption>
          <strong>CPU</strong> {cpu === null ? 'measuring…' : percent(cpu)}
          <span className="u-text--muted"> · {newest.cpuSeconds.toFixed(2)} s in total</span>
        </figcaption>
        <MiniChart
          times={data.times}
          series={[{ label: 'CPU %', values: data.cpuPercent, stroke: '#0066cc' }]}
          format={percent}
        />
      </figure>
      <figure className="usage-chart" aria-label={`Memory usage of ${name}`}>
        <figcaption>
          <strong>Memory</strong> {formatBytes(newest.memoryBytes)}
        </figcaption>
        <MiniChart
          times={data.times}
          series={[{ label: 'Memory', values: data.memoryBytes, stroke: '#0e8420' }]}
          format={formatBytes}
        />
      </figure>
      <figure className="usage-chart" aria-label={`Disk usage of ${name}`}>
        <figcaption>
          <strong>Disk</strong>{' '}
          {newest.diskBytes === undefined ? 'not reported' : formatBytes(newest.diskBytes)}
        </figcaption>
        <MiniChart
          times={data.times}
          series={[{ label: 'Disk', values: data.diskBytes, stroke: '#c7162b' }]}
          format={formatBytes}
        />
      </figure>
      <figure className="usage-chart" aria-label={`Network usage of ${name}`}>
        <figcaption>
          <strong>Network</strong> {formatBytes(newest.receivedBytes)} in,{' '}
          {formatBytes(newest.sentBytes)} out
          {received !== null && sent !== null && (
            <span className="u-text--muted">
              {' '}
              · now {rate(received)} in, {rate(sent)} out
            </span>
          )}
        </figcaption>
        <MiniChart
          times={data.times}
          series={[
            { label: 'Received', values: data.receivedPerSecond, stroke: '#0066cc' },
            { label: 'Sent', values: data.sentPerSecond, stroke: '#f99b11' },
          ]}
          format={rate}
        />
      </figure>
      <p className="usage-charts__note u-text--muted">Last {samples}, every 15 s.</p>
    </div>
  );
}
