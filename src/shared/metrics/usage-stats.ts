/** What the usage history's charts draw and say: their series, formats and figures as text. */
import type { StoredUsagePoint, UsageRange } from '../../lxd/endpoints/usage';
import { formatBytes } from '../format/bytes';

export type PointValue = Exclude<keyof StoredUsagePoint, 'time'>;

export interface HistorySeries {
  label: string;
  value: PointValue;
  stroke: string;
}

export interface HistoryChart {
  id: 'cpu' | 'memory' | 'disk' | 'network';
  title: string;
  series: HistorySeries[];
  format: (value: number) => string;
}

export const formatCores = (value: number) => `${value.toFixed(value >= 10 ? 1 : 2)} cores`;
export const formatRate = (value: number) => `${formatBytes(value)}/s`;

export const HISTORY_CHARTS: readonly HistoryChart[] = [
  {
    id: 'cpu',
    title: 'CPU',
    series: [{ label: 'CPU', value: 'cpuCores', stroke: '#0066cc' }],
    format: formatCores,
  },
  {
    id: 'memory',
    title: 'Memory',
    series: [{ label: 'Memory', value: 'memoryBytes', stroke: '#0e8420' }],
    format: formatBytes,
  },
  {
    id: 'disk',
    title: 'Disk',
    series: [{ label: 'Disk', value: 'diskBytes', stroke: '#c7162b' }],
    format: formatBytes,
  },
  {
    id: 'network',
    title: 'Network',
    series: [
      { label: 'In', value: 'rxBps', stroke: '#0066cc' },
      { label: 'Out', value: 'txBps', stroke: '#f99b11' },
    ],
    format: formatRate,
  },
];

export const RANGE_LABELS: Readonly<Record<UsageRange, string>> = {
  '1h': '1 hour',
  '24h': '24 hours',
  '7d': '7 days',
  '30d': '30 days',
};

/** "the last hour", "the last 24 hours" … */
export const RANGE_PHRASES: Readonly<Record<UsageRange, string>> = {
  '1h': 'the last hour',
  '24h': 'the last 24 hours',
  '7d': 'the last 7 days',
  '30d': 'the last 30 days',
};

/** How often the history is asked again while shown. */
export const RANGE_REFRESH_MS: Readonly<Record<UsageRange, number>> = {
  '1h': 15_000,
  '24h': 60_000,
  '7d': 300_000,
  '30d': 300_000,
};

export interface SeriesStats {
  latest: number | null;
  average: number | null;
  maximum: number | null;
}

/** Latest, average and maximum of a series over the points (gaps left out). */
export function seriesStats(points: readonly StoredUsagePoint[], value: PointValue): SeriesStats {
  let latest: number | null = null;
  let sum = 0;
  let count = 0;
  let maximum: number | null = null;
  for (const point of points) {
    const v = point[value];
    if (v === null) continue;
    latest = v;
    sum += v;
    count += 1;
    maximum = maximum === null ? v : Math.max(maximum, v);
  }
  return { latest, average: count ? sum / count : null, maximum };
}

export const shown = (value: number | null, format: (value: number) => string) =>
  value === null ? 'no data' : format(value);

/** One sentence with a chart's numbers, for its accessible name. */
export function chartSummary(
  chart: HistoryChart,
  points: readonly StoredUsagePoint[],
  name: string,
  range: UsageRange,
): string {
  const parts = chart.series.map((series) => {
    const stats = seriesStats(points, series.value);
    const figures = `latest ${shown(stats.latest, chart.format)}, average ${shown(stats.average, chart.format)}, maximum ${shown(stats.maximum, chart.format)}`;
    return chart.series.length > 1 ? `${series.label.toLowerCase()}: ${figures}` : figures;
  });
  return `${chart.title} of ${name} over ${RANGE_PHRASES[range]}: ${parts.join('; ')}`;
}

/** What a point stands for, by the answer's resolution. */
export function resolutionText(resolution: number): string {
  if (resolution === 300) return 'One point per 5 minutes (averages).';
  if (resolution === 3600) return 'One point per hour (averages).';
  return 'One point per sample, as taken.';
}
