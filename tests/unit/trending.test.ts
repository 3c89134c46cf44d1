import { describe, expect, it } from 'vitest';
import { trendingScore } from '../../src/shared/rules/trending.js';

// Hand-computed: a day's activity is views + 3·favorites, multiplied by 0.5^(age in days / 3), for the
// days 0 to 6 before today; rounded to 3 decimals.

const today = '2026-11-28';
const day = (views: number, favorites: number, date: string) => ({ day: date, views, favorites });

describe('trendingScore', () => {
  it.each<[string, Array<ReturnType<typeof day>>, number]>([
    ['no activity', [], 0],
    // 10·0.5^0 = 10
    ["today's 10 views count in full", [day(10, 0, '2026-11-28')], 10],
    // 3·1·0.5^0 = 3
    ['a favorite counts as 3 views', [day(0, 1, '2026-11-28')], 3],
    // 1·0.5^(1/3) = 0.793700… → 0.794
    ['a view of yesterday', [day(1, 0, '2026-11-27')], 0.794],
    // 1·0.5^(2/3) = 0.629960… → 0.63
    ['a view of two days ago', [day(1, 0, '2026-11-26')], 0.63],
    // 8·0.5^(3/3) = 4: one half-life
    ['8 views three days ago are worth half', [day(8, 0, '2026-11-25')], 4],
    // 8·0.5^(6/3) = 2: two half-lives, the last day in the window
    ['8 views six days ago are worth a quarter', [day(8, 0, '2026-11-22')], 2],
    // seven days ago is out of the 7-day window: 0
    ['activity seven days ago no longer counts', [day(100, 10, '2026-11-21')], 0],
    // a day after today (a clock ahead) counts 0
    ['a future day counts nothing', [day(100, 0, '2026-11-29')], 0],
    // (2 + 3·1)·1 + (4 + 3·2)·0.5 + 4·0.25 + 0 = 5 + 5 + 1 = 11
    [
      'a week summed',
      [day(2, 1, '2026-11-28'), day(4, 2, '2026-11-25'), day(4, 0, '2026-11-22'), day(100, 0, '2026-11-21')],
      11,
    ],
  ])('%s', (_case, activity, expected) => {
    expect(trendingScore(activity, today)).toBe(expected);
  });
});
