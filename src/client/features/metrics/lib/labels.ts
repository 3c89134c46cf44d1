import type { MetricKey } from '../../../../shared/api/metrics.js';
import { format } from 'date-fns';
import { formatDate } from '../../../../shared/rules/date.js';

export const metricLabels: Record<MetricKey, string> = {
  views: 'Views',
  visitors: 'Visitors',
  favorites: 'Favorites',
  reviews: 'Reviews',
  clicks: 'Clicks',
};

/** Whole figures with thousands separators: an owner reads exact counts, not "1.2K". */
export function formatNumber(value: number): string {
  return value.toLocaleString('en-US');
}

/** Clicks per view as a percentage with one decimal; a dash without views. */
export function formatClickThrough(clicks: number, views: number): string {
  return views === 0 ? '–' : `${((clicks / views) * 100).toFixed(1)}%`;
}

/** A "YYYY-MM-DD" day as "MMM d, yyyy", the same day wherever the browser is. */
export function formatDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  if (!year || !month || !date) return day;
  return formatDate(new Date(year, month - 1, date));
}

/**
 * A chart's day tick (a UTC midnight, in seconds) as "MMM d": one line, as the axis has room for;
 * the period above the charts gives the year.
 */
export function formatAxisDay(seconds: number): string {
  const day = new Date(seconds * 1000);
  return format(new Date(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate()), 'MMM d');
}
