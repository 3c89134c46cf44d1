import type { ScoreHistoryDay } from '../../../../shared/api/metrics.js';

/** The average rating at the start and at the end of the range; null where there was no review yet. */
export function ratingOverRange(series: readonly ScoreHistoryDay[]): {
  start: number | null;
  end: number | null;
} {
  const start = series[0]?.rating ?? null;
  let end: number | null = null;
  for (const day of series) if (day.rating !== null) end = day.rating;
  return { start, end };
}
