import { describe, expect, it } from 'vitest';
import { availableStatuses, failingStatuses, isAvailable, probeStatuses } from '../../src/shared/trust.js';

describe('availability', () => {
  it.each([
    ['up', true],
    // a live server asking for credentials is alive
    ['needs_auth', true],
    // slower than 2 s, but it answered
    ['degraded', true],
    ['non_conformant', false],
    ['down', false],
  ] as const)('%s is available: %s', (status, available) => {
    expect(isAvailable(status)).toBe(available);
  });

  it('splits every status into available or failing, once each', () => {
    expect([...availableStatuses].sort()).toEqual(['degraded', 'needs_auth', 'up']);
    expect([...failingStatuses].sort()).toEqual(['down', 'non_conformant']);
    expect(availableStatuses.length + failingStatuses.length).toBe(probeStatuses.length);
  });
});
