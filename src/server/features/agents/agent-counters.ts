import type { NewAgent } from '../../db/schema.js';

/**
 * The maintained counters of an agent nobody has rated, favorited or viewed yet; every new agent row
 * (a submission, the demo seed, test factories) starts from these. The reputation score is not here:
 * it starts at the site mean (shared/rules/reputation.ts).
 */
export const EMPTY_AGENT_COUNTERS = {
  rating_count: 0,
  rating_sum: 0,
  rating_1: 0,
  rating_2: 0,
  rating_3: 0,
  rating_4: 0,
  rating_5: 0,
  rating_average: 0,
  weighted_rating_sum: 0,
  weight_total: 0,
  favorites_count: 0,
  views_count: 0,
  trending_score: 0,
} as const satisfies Partial<NewAgent>;
