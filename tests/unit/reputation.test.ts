import { describe, expect, it } from 'vitest';
import {
  reputationScore,
  reviewWeight,
  scoreParts,
  siteMean,
  type ReviewerFacts,
} from '../../src/shared/rules/reputation.js';

// Every expected value below is worked out by hand from the published model: a review weighs 1, plus
// 0.5 for a verified e-mail, plus up to 0.5 for account age (full at 365 days), plus up to 0.5 for
// activity (full at 10 earlier reviews), rounded to 3 decimals; the owner's review weighs 0. The score
// is (C·m + Σ wᵢ·rᵢ) / (C + Σ wᵢ) with C = 10, mapped from 1..5 to 0..100, plus 5 when verified,
// clamped to 0..100 and rounded to 1 decimal.

const reviewer = (facts: Partial<ReviewerFacts>): ReviewerFacts => ({
  isOwner: false,
  emailVerified: false,
  accountAgeDays: 0,
  priorReviews: 0,
  ...facts,
});

describe('reviewWeight', () => {
  it.each<[string, Partial<ReviewerFacts>, number]>([
    // 1 + 0 + 0 + 0 = 1
    ['a new, unverified account with no earlier review', {}, 1],
    // 1 + 0.5 = 1.5
    ['a verified e-mail', { emailVerified: true }, 1.5],
    // age 73/365 = 0.2 of a year → 0.2·0.5 = 0.1; 1 + 0.1 = 1.1
    ['an account of 73 days', { accountAgeDays: 73 }, 1.1],
    // 100/365·0.5 = 0.136986… → 1.136986… rounded to 3 decimals = 1.137
    ['an account of 100 days (rounded to 3 decimals)', { accountAgeDays: 100 }, 1.137],
    // age 182.5/365·0.5 = 0.25; activity 4/10·0.5 = 0.2; 1 + 0.25 + 0.2 = 1.45
    ['half a year old with 4 earlier reviews', { accountAgeDays: 182.5, priorReviews: 4 }, 1.45],
    // every part at its cap: 1 + 0.5 + min(730/365, 1)·0.5 + min(25/10, 1)·0.5 = 2.5
    [
      'a verified two-year-old account with 25 earlier reviews (every part capped)',
      { emailVerified: true, accountAgeDays: 730, priorReviews: 25 },
      2.5,
    ],
    // a creation date in the future (clock skew) counts as age 0: 1
    ['a negative account age', { accountAgeDays: -5 }, 1],
  ])('%s weighs %s', (_case, facts, expected) => {
    expect(reviewWeight(reviewer(facts))).toBe(expected);
  });

  it("weighs the agent owner's review 0, however trusted the account", () => {
    // the owner is 0 before any bonus: not 1 + 0.5 + 0.5 + 0.5
    expect(
      reviewWeight(reviewer({ isOwner: true, emailVerified: true, accountAgeDays: 1000, priorReviews: 50 })),
    ).toBe(0);
  });
});

describe('siteMean', () => {
  it('is the mean of every rating, or 3.5 before the first', () => {
    // 37 / 10 = 3.7
    expect(siteMean(37, 10)).toBe(3.7);
    expect(siteMean(0, 0)).toBe(3.5);
  });
});

describe('reputationScore', () => {
  it.each<
    [string, { weightedRatingSum: number; weightTotal: number; siteMean: number; verified: boolean }, number]
  >([
    // the prior alone: (10·3.5 + 0) / (10 + 0) = 3.5 → (3.5 − 1)/4·100 = 62.5
    [
      'no review: the site mean',
      { weightedRatingSum: 0, weightTotal: 0, siteMean: 3.5, verified: false },
      62.5,
    ],
    // 62.5 + 5 = 67.5
    ['no review, verified', { weightedRatingSum: 0, weightTotal: 0, siteMean: 3.5, verified: true }, 67.5],
    // a 5 of weight 1 and a 4 of weight 0.5: (10·3.5 + 1·5 + 0.5·4) / (10 + 1.5) = 42 / 11.5 = 3.652173…
    // → (3.652173… − 1)/4·100 = 66.304… → 66.3
    [
      'two reviews of different weights',
      { weightedRatingSum: 7, weightTotal: 1.5, siteMean: 3.5, verified: false },
      66.3,
    ],
    // a 2 of weight 1 and the owner's 5 of weight 0: (10·3.5 + 1·2 + 0·5) / (10 + 1 + 0) = 37 / 11 = 3.363636…
    // → 2.363636…/4·100 = 59.0909… → 59.1 (the owner's 5 moves nothing)
    [
      "a review and the owner's own, weighted 0",
      { weightedRatingSum: 2, weightTotal: 1, siteMean: 3.5, verified: false },
      59.1,
    ],
    // a verified, old, active reviewer's 1 (weight 2.5) against a site mean of 4:
    // (10·4 + 2.5·1) / (10 + 2.5) = 42.5 / 12.5 = 3.4 → 2.4/4·100 = 60
    [
      'one verified reviewer of full weight',
      { weightedRatingSum: 2.5, weightTotal: 2.5, siteMean: 4, verified: false },
      60,
    ],
    // an old verified account's 5 (weight 2.5) and a brand-new account's 1 (weight 1):
    // (10·3.5 + 2.5·5 + 1·1) / (10 + 2.5 + 1) = 48.5 / 13.5 = 3.592592… → 2.592592…/4·100 = 64.8148… → 64.8
    [
      "an old account's 5 outweighs a new account's 1",
      { weightedRatingSum: 13.5, weightTotal: 3.5, siteMean: 3.5, verified: false },
      64.8,
    ],
    // ninety 1-star reviews of weight 1 against a mean of 3: (10·3 + 90) / (10 + 90) = 1.2 → 0.2/4·100 = 5
    ['many 1-star reviews', { weightedRatingSum: 90, weightTotal: 90, siteMean: 3, verified: false }, 5],
    // a thousand 5s of weight 1, verified: (35 + 5000) / 1010 = 4.985148… → 99.6287… + 5 = 104.63 → capped at 100
    [
      'verified with a thousand 5s: capped at 100',
      { weightedRatingSum: 5000, weightTotal: 1000, siteMean: 3.5, verified: true },
      100,
    ],
  ])('%s', (_case, input, expected) => {
    expect(reputationScore(input)).toBe(expected);
  });
});

describe('scoreParts', () => {
  const points = (parts: ReturnType<typeof scoreParts>) =>
    Object.fromEntries(parts.map((part) => [part.key, part.points]));

  it('splits a score into the prior, the reviews and the bonus, which add up to it', () => {
    // S = 7, W = 1.5, m = 3.5, C + W = 11.5:
    // prior   = 10·(3.5 − 1)/11.5·25 = 625/11.5 = 54.347… → 54.3
    // reviews = (7 − 1.5)/11.5·25 = 137.5/11.5 = 11.956… → 12.0
    // adjustment = 66.3 − 54.3 − 12.0 − 0 = 0
    const parts = points(
      scoreParts({ score: 66.3, siteMean: 3.5, weightTotal: 1.5, weightedRatingSum: 7, verified: false }),
    );
    expect(parts.prior).toBe(54.3);
    expect(parts.reviews).toBe(12);
    expect(parts.verification).toBe(0);
    expect(parts.adjustment).toBeCloseTo(0, 10);
  });

  it('carries the cap at 100 in the adjustment', () => {
    // S = 5000, W = 1000, m = 3.5, C + W = 1010:
    // prior   = 10·2.5/1010·25 = 625/1010 = 0.6188… → 0.6
    // reviews = (5000 − 1000)/1010·25 = 100000/1010 = 99.0099… → 99.0
    // verification = 5; adjustment = 100 − 0.6 − 99.0 − 5 = −4.6
    const parts = points(
      scoreParts({ score: 100, siteMean: 3.5, weightTotal: 1000, weightedRatingSum: 5000, verified: true }),
    );
    expect(parts).toEqual({ prior: 0.6, reviews: 99, verification: 5, adjustment: -4.6 });
  });
});
