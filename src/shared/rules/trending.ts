/**
 * Trending: views plus weighted favorites of the last 7 days, each day's activity decaying with a
 * half-life of 3 days. Pinned by tests/unit/trending.test.ts.
 */
export const TRENDING_WINDOW_DAYS = 7;
export const TRENDING_HALF_LIFE_DAYS = 3;
/** A favorite counts as much as this many views. */
export const FAVORITE_WEIGHT = 3;

const DAY_MS = 86_400_000;

/** An agent's trending score on `today` (YYYY-MM-DD) from its activity by day (YYYY-MM-DD). */
export function trendingScore(
  activity: ReadonlyArray<{ day: string; views: number; favorites: number }>,
  today: string,
): number {
  const todayMs = Date.parse(today);
  let score = 0;
  for (const entry of activity) {
    const ageDays = (todayMs - Date.parse(entry.day)) / DAY_MS;
    if (ageDays < 0 || ageDays >= TRENDING_WINDOW_DAYS) continue;
    score += (entry.views + FAVORITE_WEIGHT * entry.favorites) * 0.5 ** (ageDays / TRENDING_HALF_LIFE_DAYS);
  }
  return Math.round(score * 1000) / 1000;
}
