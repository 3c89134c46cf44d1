/**
 * Trending: views plus weighted favorites of the last 7 days, each day's activity decaying with a
 * half-life of 3 days. Pinned by tests/unit/trending.test.ts.
 */
export const TRENDING_WINDOW_DAYS = 7;
export const TRENDING_HALF_LIFE_DAYS = 3;
/** A favorite counts as much as this many views. */
export const FAVORITE_WEIGHT = 3;

const DAY_MS = 86_400_000;

/** Trending scores are kept to this many decimals. */
export const TRENDING_SCORE_DECIMALS = 3;

/**
 * The days of the window on `today` (YYYY-MM-DD), today first, each with the weight its activity counts
 * for: 1 today, halving every half-life. A PostgreSQL write that moves today's activity computes the score
 * in its one statement from these (decision 0032), so both ways weigh a day alike.
 */
export function trendingDayWeights(today: string): Array<{ day: string; weight: number }> {
  const todayMs = Date.parse(today);
  return Array.from({ length: TRENDING_WINDOW_DAYS }, (_, ageDays) => ({
    day: new Date(todayMs - ageDays * DAY_MS).toISOString().slice(0, 10),
    weight: 0.5 ** (ageDays / TRENDING_HALF_LIFE_DAYS),
  }));
}

/** An agent's trending score on `today` (YYYY-MM-DD) from its activity by day (YYYY-MM-DD). */
export function trendingScore(
  activity: ReadonlyArray<{ day: string; views: number; favorites: number }>,
  today: string,
): number {
  const weights = new Map(trendingDayWeights(today).map(({ day, weight }) => [day, weight]));
  let score = 0;
  for (const entry of activity) {
    const weight = weights.get(entry.day);
    if (weight !== undefined) score += (entry.views + FAVORITE_WEIGHT * entry.favorites) * weight;
  }
  const scale = 10 ** TRENDING_SCORE_DECIMALS;
  return Math.round(score * scale) / scale;
}
