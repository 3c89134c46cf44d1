import { describe, expect, it } from 'vitest';
import { claimKeyUrls } from '../../src/server/features/probes/a2a-probe.js';
import { failureCounts } from '../../src/server/features/claims/claims.service.js';

describe('a failed claim check counts towards a lapse once per daily spacing', () => {
  const last = '2026-11-01T09:00:00.000Z';
  const at = (iso: string) => Date.parse(iso);
  it.each<[string | null, string, boolean, string]>([
    [null, '2026-11-01T09:00:00.000Z', true, 'the first failure after a success'],
    [last, '2026-11-01T09:00:00.030Z', false, '30 ms later (the issue: pressed again)'],
    [last, '2026-11-02T08:59:59.999Z', false, 'a millisecond short of a day'],
    [last, '2026-11-02T09:00:00.000Z', true, 'exactly a day later (the daily schedule)'],
    [last, '2026-11-05T12:00:00.000Z', true, 'days later'],
  ])('last counted %s, failing at %s: %s (%s)', (lastFailureAt, now, counts) => {
    expect(failureCounts(lastFailureAt, at(now))).toBe(counts);
  });
});

describe('the JWKS of claimed domains that may sign a card', () => {
  it.each([
    [
      'https://agent.example.com/.well-known/agent-card.json',
      ['example.com'],
      ['https://example.com/.well-known/jwks.json'],
    ],
    [
      'https://a.b.example.com/card.json',
      ['b.example.com', 'example.com'],
      ['https://b.example.com/.well-known/jwks.json', 'https://example.com/.well-known/jwks.json'],
    ],
    // The card's own host: that JWKS is the origin's, not a claim's.
    ['https://example.com/card.json', ['example.com'], []],
    // Not a parent: a suffix of the name is not a parent domain.
    ['https://agent.badexample.com/card.json', ['example.com'], []],
    ['https://example.com/card.json', ['agent.example.com'], []],
    // Local setups: the card's port, unless the claim names one.
    [
      'http://agent.claimed.test:4100/card.json',
      ['claimed.test'],
      ['http://claimed.test:4100/.well-known/jwks.json'],
    ],
    [
      'http://agent.claimed.test:4100/card.json',
      ['claimed.test:4200'],
      ['http://claimed.test:4200/.well-known/jwks.json'],
    ],
  ])('%s with claims on %j: %j', (cardUrl, domains, expected) => {
    expect(claimKeyUrls(cardUrl, domains)).toEqual(expected);
  });
});
