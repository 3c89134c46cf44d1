import { useMemo } from 'react';
import type { MetricsResponse, ScoreResponse } from '../../../../shared/api/metrics.js';
import { formatClickThrough, formatDay, formatNumber } from '../lib/labels.js';
import { ChartPanel, type ChartFigures } from './chart-panel.js';
import { TimeSeriesChart, type ChartSeries } from './time-series-chart.js';

/** Line colours, each at least 3:1 against white and apart from one another. */
const colors = { brand: '#4f46e5', teal: '#0f766e', amber: '#b45309', pink: '#be185d' } as const;

type Row = ReadonlyArray<string | number>;

/** Ratings are drawn on their whole scale, so a small change does not look like a fall. */
const ratingRange = [0, 5] as const;

const columnLabels: Record<string, string> = {
  date: 'Day',
  views: 'Views',
  visitors: 'Visitors',
  favorites: 'Favorites',
  reviews: 'Reviews',
  clicks: 'Clicks',
  click_through_percent: 'Click-through (%)',
  average_rating: 'Average rating',
  rank: 'Rank',
};

/** Table cells: the day spelled out, figures with separators, an empty figure as a dash. */
function displayDayRow(row: Row) {
  return row.map((cell, index) => {
    if (index === 0) return formatDay(String(cell));
    if (cell === '') return '–';
    return typeof cell === 'number' ? formatNumber(cell) : cell;
  });
}

interface MetricsChartsProps {
  metrics: MetricsResponse;
  score: ScoreResponse | undefined;
  /** Names the CSV files, e.g. "code-pilot-30d-views". */
  fileStem: string;
}

/** /metrics' charts: every figure per day, each with its table and CSV. */
export function MetricsCharts({ metrics, score, fileStem }: MetricsChartsProps) {
  const charts = useMemo(() => {
    const days = metrics.series;
    const dates = days.map((day) => day.date);
    const line = (label: string, values: Array<number | null>, color: string): ChartSeries => ({
      label,
      values,
      color,
    });
    const figures = (header: string[], rows: Row[]): ChartFigures => ({
      header,
      columns: header.map((column) => columnLabels[column] ?? column),
      rows,
      display: displayDayRow,
    });
    const clickThrough = days.map((day) =>
      day.views === 0 ? null : Math.round((day.clicks / day.views) * 1000) / 10,
    );
    return {
      dates,
      traffic: {
        series: [
          line(
            'Views',
            days.map((day) => day.views),
            colors.brand,
          ),
          line(
            'Visitors',
            days.map((day) => day.visitors),
            colors.teal,
          ),
        ],
        figures: figures(
          ['date', 'views', 'visitors'],
          days.map((day) => [day.date, day.views, day.visitors]),
        ),
      },
      engagement: {
        series: [
          line(
            'Favorites',
            days.map((day) => day.favorites),
            colors.pink,
          ),
          line(
            'Reviews',
            days.map((day) => day.reviews),
            colors.amber,
          ),
        ],
        figures: figures(
          ['date', 'favorites', 'reviews'],
          days.map((day) => [day.date, day.favorites, day.reviews]),
        ),
      },
      clicks: {
        series: [
          line(
            'Clicks',
            days.map((day) => day.clicks),
            colors.brand,
          ),
        ],
        figures: figures(
          ['date', 'clicks'],
          days.map((day) => [day.date, day.clicks]),
        ),
      },
      clickThrough: {
        series: [line('Click-through (%)', clickThrough, colors.teal)],
        figures: figures(
          ['date', 'clicks', 'views', 'click_through_percent'],
          days.map((day, index) => [day.date, day.clicks, day.views, clickThrough[index] ?? '']),
        ),
      },
      rating: score && {
        dates: score.series.map((day) => day.date),
        series: [
          line(
            'Average rating',
            score.series.map((day) => day.rating),
            colors.amber,
          ),
        ],
        figures: figures(
          ['date', 'average_rating'],
          score.series.map((day) => [day.date, day.rating === null ? '' : day.rating.toFixed(2)]),
        ),
      },
      rank: score && {
        dates: score.series.map((day) => day.date),
        series: [
          line(
            'Rank',
            score.series.map((day) => day.rank),
            colors.brand,
          ),
        ],
        figures: figures(
          ['date', 'rank'],
          score.series.map((day) => [day.date, day.rank ?? '']),
        ),
      },
    };
  }, [metrics, score]);

  const { totals } = metrics;
  const lastRank = score?.rank.position;

  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <ChartPanel
        title="Views and visitors"
        description="Agent-page views (once per visitor and day) and distinct visitors."
        fileName={`${fileStem}-views`}
        figures={charts.traffic.figures}
        summary={<Legend items={charts.traffic.series} />}
      >
        <TimeSeriesChart dates={charts.dates} series={charts.traffic.series} />
      </ChartPanel>
      <ChartPanel
        title="Favorites and reviews"
        description="Added each day."
        fileName={`${fileStem}-favorites-reviews`}
        figures={charts.engagement.figures}
        summary={<Legend items={charts.engagement.series} />}
      >
        <TimeSeriesChart dates={charts.dates} series={charts.engagement.series} />
      </ChartPanel>
      <ChartPanel
        title="Clicks"
        description="Visits to its website, repository and docs."
        fileName={`${fileStem}-clicks`}
        figures={charts.clicks.figures}
        summary={`${formatNumber(totals.clicks)} in all`}
      >
        <TimeSeriesChart dates={charts.dates} series={charts.clicks.series} />
      </ChartPanel>
      <ChartPanel
        title="Click-through"
        description="Clicks per view, as a percentage."
        fileName={`${fileStem}-click-through`}
        figures={charts.clickThrough.figures}
        summary={`${formatClickThrough(totals.clicks, totals.views)} over the period`}
      >
        <TimeSeriesChart dates={charts.dates} series={charts.clickThrough.series} decimals={1} />
      </ChartPanel>
      {charts.rating && (
        <ChartPanel
          title="Rating over time"
          description="The average of the reviews written up to each day."
          fileName={`${fileStem}-rating`}
          figures={charts.rating.figures}
        >
          <TimeSeriesChart
            dates={charts.rating.dates}
            series={charts.rating.series}
            decimals={1}
            yRange={ratingRange}
          />
        </ChartPanel>
      )}
      {charts.rank && score && (
        <ChartPanel
          title={`Rank in ${score.rank.categoryName}`}
          description="Its position in the category's ranking; 1 is first."
          fileName={`${fileStem}-rank`}
          figures={charts.rank.figures}
          summary={lastRank ? `#${lastRank} of ${score.rank.of}` : 'Not ranked'}
        >
          <TimeSeriesChart dates={charts.rank.dates} series={charts.rank.series} invert />
        </ChartPanel>
      )}
    </div>
  );
}

function Legend({ items }: { items: readonly ChartSeries[] }) {
  return (
    <ul className="flex flex-wrap justify-end gap-x-3 gap-y-1" aria-hidden="true">
      {items.map((item) => (
        <li key={item.label} className="flex items-center gap-1.5 text-xs text-slate-700">
          <span className="h-0.5 w-4 rounded" style={{ backgroundColor: item.color }} />
          {item.label}
        </li>
      ))}
    </ul>
  );
}
