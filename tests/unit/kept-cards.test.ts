import { afterEach, describe, expect, it, vi } from 'vitest';
import { KeptCards, type AgentCard } from '../../src/server/features/agents/kept-cards.js';
import { cacheTags, ResponseCache } from '../../src/server/lib/response-cache.js';

const card = (agentId: number, text = 'x'.repeat(300)) =>
  JSON.stringify({ id: agentId, tagline: text }) as AgentCard;

function keptCards(options: { maxBytes?: number; ttlMs?: number } = {}) {
  const answers = new ResponseCache();
  const cards = answers.follow(
    new KeptCards({ maxBytes: options.maxBytes ?? 1_000_000, ttlMs: options.ttlMs ?? 30_000 }),
  );
  return { answers, cards };
}

describe('the kept listing cards', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('drops an agent’s card at once when a favorite or rating touches it, and no other card', () => {
    const { answers, cards } = keptCards();
    for (const agentId of [1, 2, 3]) cards.set(agentId, card(agentId), cards.now());

    answers.touch([cacheTags.agent(1)]);
    answers.touch([cacheTags.listed(2)]);

    expect(cards.get(1)).toBeUndefined();
    expect(cards.get(2)).toBeUndefined();
    expect(cards.get(3)).toBe(card(3));
  });

  it('drops every card when the listings change (a category renamed, an agent published) or everything goes', () => {
    const { answers, cards } = keptCards();
    cards.set(1, card(1), cards.now());
    answers.invalidateLocal([cacheTags.listings]);
    expect(cards.get(1)).toBeUndefined();

    cards.set(1, card(1), cards.now());
    answers.invalidate();
    expect(cards.get(1)).toBeUndefined();
    expect(cards.size).toEqual({ cards: 0, bytes: 0 });
  });

  it('does not keep a card read before a write to that agent that came during the read', () => {
    const { answers, cards } = keptCards();
    const readStarted = cards.now();
    answers.touch([cacheTags.listed(1)]);
    cards.set(1, card(1), readStarted);
    cards.set(2, card(2), readStarted);

    expect(cards.get(1)).toBeUndefined();
    expect(cards.get(2)).toBe(card(2));
  });

  it('keeps the cards read most recently within its byte budget', () => {
    const { cards } = keptCards({ maxBytes: 2_000 });
    for (const agentId of [1, 2, 3, 4]) cards.set(agentId, card(agentId), cards.now());
    // Read the first again: the second is now the one read longest ago.
    expect(cards.get(1)).toBeDefined();
    cards.set(5, card(5), cards.now());

    expect(cards.size.bytes).toBeLessThanOrEqual(2_000);
    expect(cards.get(1)).toBeDefined();
    expect(cards.get(5)).toBeDefined();
    expect(cards.get(2)).toBeUndefined();
  });

  it('forgets a card after the answers’ expiry, so what moves without a write is read again', () => {
    vi.useFakeTimers();
    const { cards } = keptCards({ ttlMs: 30_000 });
    cards.set(1, card(1), cards.now());
    vi.advanceTimersByTime(29_000);
    expect(cards.get(1)).toBeDefined();
    vi.advanceTimersByTime(2_000);
    expect(cards.get(1)).toBeUndefined();
    expect(cards.size.cards).toBe(0);
  });

  it('counts a card in other scripts at two bytes a character', () => {
    const { cards } = keptCards();
    cards.set(1, card(1, 'a'.repeat(100)), cards.now());
    const latin = cards.size.bytes;
    const katakana = card(1, 'ア'.repeat(100));
    cards.set(1, katakana, cards.now());
    // The same number of characters, each taking two bytes instead of one.
    expect(cards.size.bytes - latin).toBe(katakana.length);
  });
});
