import { useEffect, useRef } from 'react';
import type uPlot from 'uplot';
import { loadUPlot } from './load-uplot';

export interface MiniSeries {
  label: string;
  values: (number | null)[];
  stroke: string;
}

/**
 * A small uPlot line chart (uPlot is loaded when the first chart appears). Decorative: the
 * figure around it names it and states its numbers.
 */
export function MiniChart({
  times,
  series,
  format,
}: {
  times: number[];
  series: MiniSeries[];
  format: (value: number) => string;
}) {
  const host = useRef<HTMLDivElement>(null);
  const chart = useRef<uPlot | null>(null);
  const latest = useRef({ times, series, format });
  useEffect(() => {
    latest.current = { times, series, format };
  });

  const shape = series.map((s) => `${s.label}:${s.stroke}`).join('|');
  useEffect(() => {
    let cancelled = false;
    const element = host.current;
    if (!element) return;
    loadUPlot().then(
      (UPlot) => {
        if (cancelled) return;
        const { times: x, series: lines, format: show } = latest.current;
        chart.current = new UPlot(
          {
            width: Math.max(element.clientWidth, 160),
            height: 90,
            legend: { show: false },
            cursor: { show: false },
            scales: {
              x: { time: true },
              y: { range: (_u, min, max) => [0, Math.max(max, min, 1)] },
            },
            axes: [
              { show: false },
              {
                // As wide as its longest label ("976.6 KiB", "1.00 cores") at about 6.2 px a
                // character of 11 px sans-serif, so none is cut off on the left; uPlot asks once
                // with no labels yet (null) before the first layout.
                size: (_u, values: string[] | null) =>
                  Math.max(
                    40,
                    Math.ceil(Math.max(0, ...(values ?? []).map((v) => v.length)) * 6.2) + 14,
                  ),
                font: '11px sans-serif',
                values: (_u, splits) => splits.map((value) => show(value)),
              },
            ],
            series: [
              {},
              ...lines.map((line) => ({ label: line.label, stroke: line.stroke, width: 2 })),
            ],
          },
          [x, ...lines.map((line) => line.values)],
          element,
        );
      },
      () => {
        // uPlot could not be loaded or drawn here: the caption still gives the numbers.
      },
    );
    const observer =
      typeof ResizeObserver === 'undefined'
        ? undefined
        : new ResizeObserver(() => {
            chart.current?.setSize({ width: Math.max(element.clientWidth, 160), height: 90 });
          });
    observer?.observe(element);
    return () => {
      cancelled = true;
      observer?.disconnect();
      chart.current?.destroy();
      chart.current = null;
    };
  }, [shape]);

  useEffect(() => {
    chart.current?.setData([times, ...series.map((line) => line.values)]);
  }, [times, series]);

  return <div className="mini-chart" ref={host} aria-hidden="true" />;
}
