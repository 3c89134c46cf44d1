import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatAxisDay } from '../lib/labels.js';

export interface ChartSeries {
  label: string;
  values: ReadonlyArray<number | null>;
  /** A CSS colour; the chart's palette keeps 3:1 against white. */
  color: string;
}

interface TimeSeriesChartProps {
  /** One "YYYY-MM-DD" per point, oldest first. */
  dates: readonly string[];
  series: readonly ChartSeries[];
  /** Smaller is better (a rank): 1 is drawn at the top. */
  invert?: boolean;
  /** Decimals on the value axis (0 for counts). */
  decimals?: number;
  /** A fixed value axis (a rating's 0 to 5); otherwise 0 to the largest value. */
  yRange?: readonly [number, number];
  height?: number;
}

const toSeconds = (date: string) => Date.parse(`${date}T00:00:00Z`) / 1000;
/** The day axis steps by whole days: uPlot's own steps include hours, and its labels a second line for the year. */
const DAY_STEPS = [1, 2, 3, 7, 14, 28].map((days) => days * 86_400);
const axisStyle = { stroke: '#475569', grid: { stroke: '#e2e8f0', width: 1 }, ticks: { stroke: '#cbd5e1' } };

/**
 * A line chart over days, drawn by uPlot on a canvas that follows its container's width. The canvas is
 * hidden from assistive technology: every chart has a table of the same figures beside it.
 */
export function TimeSeriesChart({
  dates,
  series,
  invert = false,
  decimals = 0,
  yRange,
  height = 200,
}: TimeSeriesChartProps) {
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const node = container.current;
    if (!node) return;
    const data: uPlot.AlignedData = [
      dates.map(toSeconds),
      ...series.map((line) => line.values.map((value) => value ?? null)),
    ];
    const options: uPlot.Options = {
      width: Math.max(node.clientWidth, 200),
      height,
      // Days are UTC dates: draw them as such whatever the browser's zone.
      tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC'),
      legend: { show: false },
      cursor: { drag: { x: false, y: false } },
      scales: {
        x: { time: true },
        y: invert
          ? {
              dir: -1,
              // Without any value (no snapshot yet) uPlot passes null: draw 1 to 2 rather than NaN.
              range: (_plot, min, max) => {
                const low = Number.isFinite(min) ? Math.max(1, min) : 1;
                return [low, Number.isFinite(max) ? Math.max(max, low + 1) : low + 1];
              },
            }
          : {
              range: (_plot, _min, max) =>
                yRange ? [...yRange] : [0, Number.isFinite(max) && max > 0 ? max : 1],
            },
      },
      axes: [
        {
          ...axisStyle,
          size: 36,
          incrs: DAY_STEPS,
          values: (_plot, ticks) => ticks.map(formatAxisDay),
        },
        {
          ...axisStyle,
          size: 44,
          values: (_plot, ticks) => ticks.map((tick) => tick.toFixed(decimals)),
          incrs:
            decimals === 0
              ? [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 50_000, 100_000]
              : undefined,
        },
      ],
      series: [
        {},
        ...series.map((line) => ({
          label: line.label,
          stroke: line.color,
          width: 2,
          spanGaps: true,
          points: { show: dates.length <= 31, size: 4 },
        })),
      ],
    };
    const plot = new uPlot(options, data, node);
    // Resized in the next frame, so the observer never reports a change it caused itself.
    let frame = 0;
    const observer = new ResizeObserver(() => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const width = Math.max(node.clientWidth, 200);
        if (width !== plot.width) plot.setSize({ width, height });
      });
    });
    observer.observe(node);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
      plot.destroy();
    };
  }, [dates, series, invert, decimals, yRange, height]);

  return (
    <div ref={container} aria-hidden="true" className="w-full min-w-0 overflow-hidden" style={{ height }} />
  );
}
