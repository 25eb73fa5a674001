import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import {
  fetchStoredUsage,
  USAGE_RANGES,
  type StoredUsage,
  type UsageRange,
  type UsageScope,
} from '../../lxd/endpoints/usage';
import { currentRemote } from '../../lxd/remote';
import { formatDate } from '../format/dates';
import { Loader } from '../ui/Loader';
import { MiniChart } from './MiniChart';
import {
  chartSummary,
  HISTORY_CHARTS,
  RANGE_LABELS,
  RANGE_PHRASES,
  RANGE_REFRESH_MS,
  resolutionText,
  seriesStats,
  shown,
  type HistoryChart,
} from './usage-stats';
import './metrics.scss';

export const NEEDS_CONSOLE_SERVER = 'Usage history needs the console server.';

/** The rows of a chart's table. */
const FIGURES = [
  { label: 'Latest', figure: 'latest' },
  { label: 'Average', figure: 'average' },
  { label: 'Maximum', figure: 'maximum' },
] as const;

export function storedUsageQuery(scope: UsageScope, range: UsageRange) {
  const key =
    'member' in scope ? ['member', scope.member] : [scope.project, scope.instance ?? null];
  return {
    queryKey: ['metrics', 'stored', currentRemote(), ...key, range] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) => fetchStoredUsage(scope, range, signal),
  };
}

/**
 * "Usage history": CPU, memory, disk and network of an instance, a project or a cluster member
 * over 1 hour to 30 days, from the samples the console server keeps (GET /console/usage). Each
 * chart is an image named by its numbers, and its latest, average and maximum are a table too.
 */
export function StoredUsagePanel({
  scope,
  name,
  headingLevel = 2,
  className,
}: {
  scope: UsageScope;
  /** Whose usage, in the charts' names: "c1", "project web", "member m1". */
  name: string;
  headingLevel?: 2 | 3;
  /** Added to the section's own class (a grid's full-width cell). */
  className?: string | undefined;
}) {
  const [range, setRange] = useState<UsageRange>('1h');
  const headingId = useId();
  const history = useQuery({
    ...storedUsageQuery(scope, range),
    refetchInterval: RANGE_REFRESH_MS[range],
    placeholderData: keepPreviousData,
  });
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const data = history.data;
  return (
    <section
      aria-labelledby={headingId}
      className={className ? `usage-history ${className}` : 'usage-history'}
    >
      <Heading className="p-heading--5" id={headingId}>
        Usage history
      </Heading>
      {data === null ? (
        <p className="u-text--muted">{NEEDS_CONSOLE_SERVER}</p>
      ) : (
        <>
          <div className="usage-history__ranges" role="group" aria-label="Time range">
            {USAGE_RANGES.map((option) => (
              <button
                key={option}
                type="button"
                className={option === range ? 'p-button--positive is-dense' : 'p-button is-dense'}
                aria-pressed={option === range}
                onClick={() => {
                  setRange(option);
                }}
              >
                {RANGE_LABELS[option]}
              </button>
            ))}
          </div>
          {history.isPending ? (
            <Loader text="Loading usage history…" />
          ) : history.error ? (
            <p className="u-text--muted">Usage history is not available: {history.error.message}</p>
          ) : data && data.range === range ? (
            <HistoryCharts history={data} name={name} />
          ) : (
            <Loader text="Loading usage history…" />
          )}
        </>
      )}
    </section>
  );
}

function HistoryCharts({ history, name }: { history: StoredUsage; name: string }) {
  const { points, range } = history;
  const times = useMemo(() => points.map((point) => point.time / 1000), [points]);
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || !last) {
    return <p className="u-text--muted">No usage was recorded over {RANGE_PHRASES[range]}.</p>;
  }
  return (
    <div className="usage-charts">
      {HISTORY_CHARTS.map((chart) => (
        <HistoryFigure key={chart.id} chart={chart} history={history} times={times} name={name} />
      ))}
      <p className="usage-charts__note u-text--muted">
        From {formatDate(new Date(first.time).toISOString())} to{' '}
        {formatDate(new Date(last.time).toISOString())}. {resolutionText(history.resolution)}
      </p>
    </div>
  );
}

function HistoryFigure({
  chart,
  history,
  times,
  name,
}: {
  chart: HistoryChart;
  history: StoredUsage;
  times: number[];
  name: string;
}) {
  const { points, range } = history;
  const series = useMemo(
    () =>
      chart.series.map((s) => ({
        label: s.label,
        stroke: s.stroke,
        values: points.map((point) => point[s.value]),
      })),
    [chart, points],
  );
  const stats = chart.series.map((s) => ({ series: s, stats: seriesStats(points, s.value) }));
  const title = `${chart.title} of ${name} over ${RANGE_PHRASES[range]}`;
  return (
    <figure className="usage-chart" aria-label={title}>
      <figcaption>
        <strong>{chart.title}</strong> latest{' '}
        {stats
          .map(({ series: s, stats: figures }) =>
            stats.length > 1
              ? `${s.label.toLowerCase()} ${shown(figures.latest, chart.format)}`
              : shown(figures.latest, chart.format),
          )
          .join(', ')}
      </figcaption>
      <div role="img" aria-label={chartSummary(chart, points, name, range)}>
        <MiniChart times={times} series={series} format={chart.format} />
      </div>
      <details className="usage-history__table">
        <summary>Show as table</summary>
        <table>
          <caption className="u-off-screen">{title}</caption>
          <thead>
            <tr>
              <td />
              {stats.map(({ series: s }) => (
                <th key={s.value} scope="col">
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {FIGURES.map(({ label, figure }) => (
              <tr key={figure}>
                <th scope="row">{label}</th>
                {stats.map(({ series: s, stats: figures }) => (
                  <td key={s.value}>{shown(figures[figure], chart.format)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
