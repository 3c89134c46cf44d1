import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { ProbePace } from '../../src/server/features/probes/probe-scheduler.js';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-11-24T00:00:00Z'));
});
afterEach(() => vi.useRealTimers());

it('allows a burst, then starts probes at the rate a round per interval needs', () => {
  // 10,000 endpoints every 900 s, a quarter to spare: about 13.9 starts a second.
  const pace = new ProbePace(() => (10_000 * 1.25) / 900, 4);
  for (let start = 0; start < 4; start += 1) expect(pace.take()).toBe(0);
  const wait = pace.take();
  expect(wait).toBe(Math.ceil(1000 / ((10_000 * 1.25) / 900)));
  vi.advanceTimersByTime(wait);
  expect(pace.take()).toBe(0);
  // A minute idle refills the burst, never more.
  vi.advanceTimersByTime(60_000);
  for (let start = 0; start < 4; start += 1) expect(pace.take()).toBe(0);
  expect(pace.take()).toBeGreaterThan(0);
});
