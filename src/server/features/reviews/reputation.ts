/**
 * The reputation model (DESIGN section 4), documented on /verification-promise and in the README.
 *
 *   score = (C·m + Σ wᵢ·rᵢ) / (C + Σ wᵢ), scaled from the 1-5 scale to 0-100, plus a verification bonus
 *
 * m is the site-wide mean rating and C the prior weight: an agent with few reviews stays near the
 * site mean until enough weighted evidence pulls it away.
 */
export const PRIOR_WEIGHT = 10;
export const DEFAULT_SITE_MEAN = 3.5;
export const VERIFIED_BONUS = 5;

export interface ReviewerFacts {
  isOwner: boolean;
  emailVerified: boolean;
  accountAgeDays: number;
  /** Reviews the reviewer had written before this one. */
  priorReviews: number;
}

/** A review's weight: 1, plus up to 0.5 each for a verified e-mail, account age and activity; 0 for the owner. */
export function reviewWeight(facts: ReviewerFacts): number {
  if (facts.isOwner) return 0;
  const verified = facts.emailVerified ? 0.5 : 0;
  const age = Math.min(Math.max(facts.accountAgeDays, 0) / 365, 1) * 0.5;
  const activity = Math.min(Math.max(facts.priorReviews, 0) / 10, 1) * 0.5;
  return Math.round((1 + verified + age + activity) * 1000) / 1000;
}

export function siteMean(ratingSum: number, ratingCount: number): number {
  return ratingCount > 0 ? ratingSum / ratingCount : DEFAULT_SITE_MEAN;
}

export function reputationScore(input: {
  weightedRatingSum: number;
  weightTotal: number;
  siteMean: number;
  verified: boolean;
}): number {
  const bayesian =
    (PRIOR_WEIGHT * input.siteMean + input.weightedRatingSum) / (PRIOR_WEIGHT + input.weightTotal);
  const scaled = ((bayesian - 1) / 4) * 100 + (input.verified ? VERIFIED_BONUS : 0);
  return Math.round(Math.min(100, Math.max(0, scaled)) * 10) / 10;
}
