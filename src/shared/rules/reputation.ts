import type { ScorePart } from '../api/metrics.js';

/**
 * The reputation model, documented on /verification-promise and in the README:
 *
 *   score = (C·m + Σ wᵢ·rᵢ) / (C + Σ wᵢ), scaled from the 1-5 scale to 0-100, plus a verification bonus
 *
 * m is the site-wide mean rating and C the prior weight: an agent with few reviews stays near the
 * site mean until enough weighted evidence pulls it away. Every score, part and seed is computed here,
 * and tests/unit/reputation.test.ts pins it with hand-computed cases.
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
  return round1(Math.min(100, Math.max(0, scaled)));
}

/**
 * The score taken apart for its owner:
 *   score = ((C·m + S) / (C + W) − 1) / 4 · 100 + bonus
 *         = C/(C+W) · (m − 1)·25  +  W/(C+W) · (S/W − 1)·25  +  bonus
 * i.e. the prior's share of the site mean, the reviews' share of their weighted mean, and the bonus;
 * "adjustment" carries the rounding and the 0-100 clamp, so the parts add up to the stored score.
 */
export function scoreParts(input: {
  score: number;
  siteMean: number;
  weightTotal: number;
  weightedRatingSum: number;
  verified: boolean;
}): ScorePart[] {
  const denominator = PRIOR_WEIGHT + input.weightTotal;
  const prior = round1(((PRIOR_WEIGHT * (input.siteMean - 1)) / denominator) * 25);
  const reviews = round1(((input.weightedRatingSum - input.weightTotal) / denominator) * 25);
  const verification = input.verified ? VERIFIED_BONUS : 0;
  const adjustment = round1(input.score - prior - reviews - verification);
  return [
    { key: 'prior', label: `Site average (${PRIOR_WEIGHT} prior reviews at the site mean)`, points: prior },
    { key: 'reviews', label: 'Weighted reviews', points: reviews },
    { key: 'verification', label: 'Verification bonus', points: verification },
    { key: 'adjustment', label: 'Rounding and the 0–100 limit', points: adjustment },
  ];
}

function round1(value: number): number {
  return Math.round(value * 10) / 10;
}
