import type { MetricKey } from '../../../../shared/api/metrics.js';
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
