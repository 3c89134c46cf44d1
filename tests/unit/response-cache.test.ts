import { describe, expect, it } from 'vitest';
import { cacheTags, ResponseCache } from '../../src/server/lib/response-cache.js';

const body = (size: number) => JSON.stringify({ text: 'x'.repeat(size) });

describe('the response cache', () => {
  it('keeps what was read most recently within its byte budget', () => {
    const cache = new ResponseCache({ maxBytes: 12_000 });
    for (let page = 1; page <= 5; page += 1)
      cache.set(`/api/agents?page=${page}`, body(2_000), [cacheTags.listings], cache.now());
    // Read the first page again: the second is now the one read longest ago.
    expect(cache.get('/api/agents?page=1')).toBeDefined();
    cache.set('/api/agents?page=6', body(2_000), [cacheTags.listings], cache.now());

    expect(cache.sizeInBytes).toBeLessThanOrEqual(12_000);
    expect(cache.get('/api/agents?page=1')).toBeDefined();
    expect(cache.get('/api/agents?page=6')).toBeDefined();
    expect(cache.get('/api/agents?page=2')).toBeUndefined();
  });

  it('counts a gzipped copy against the budget and forgets every byte when emptied', () => {
    const cache = new ResponseCache({ maxBytes: 10_000 });
    cache.set('/api/agents/1', body(4_000), [cacheTags.agent(1)], cache.now());
    cache.set('/api/agents/2', body(4_000), [cacheTags.agent(2)], cache.now());
    const entry = cache.getEntry('/api/agents/1')!;
    cache.keepGzip('/api/agents/1', entry, Buffer.alloc(3_000));
    // The gzipped copy pushed the total past the budget: the entry read longest ago made room.
    expect(cache.get('/api/agents/2')).toBeUndefined();
    expect(cache.getEntry('/api/agents/1')?.gzip?.length).toBe(3_000);

    cache.invalidate();
    expect(cache.sizeInBytes).toBe(0);
    expect(cache.size).toBe(0);
  });

  it('a favorite drops the listings showing the agent, not the others', () => {
    const cache = new ResponseCache();
    const showing = cacheTags.listingPage([1, 2], { sort: 'newest', categorySlug: 'tools' });
    const notShowing = cacheTags.listingPage([3, 4], { sort: 'rating', categorySlug: 'tools' });
    cache.set('/api/agents?category=tools&sort=newest', body(100), showing, cache.now());
    cache.set('/api/agents?category=tools&sort=rating', body(100), notShowing, cache.now());

    cache.touch([cacheTags.agent(1), cacheTags.listed(1)]);
    cache.settle();
    expect(cache.get('/api/agents?category=tools&sort=newest')).toBeUndefined();
    expect(cache.get('/api/agents?category=tools&sort=rating')).toBeDefined();

    // A rating moves the order by rating of its category, whoever that listing shows.
    cache.touch([cacheTags.listed(1), ...cacheTags.rankingsMovedByRating('tools')]);
    cache.settle();
    expect(cache.get('/api/agents?category=tools&sort=rating')).toBeUndefined();
  });
});

describe('a response cache that admits an answer on its second ask', () => {
  it('keeps an answer only once its URL was computed before, so one-off URLs never push out repeated ones', () => {
    const cache = new ResponseCache({ maxBytes: 12_000, admitOnSecondAsk: true });
    cache.set('/api/agents/1', body(2_000), [cacheTags.agent(1)], cache.now());
    expect(cache.get('/api/agents/1')).toBeUndefined();
    cache.set('/api/agents/1', body(2_000), [cacheTags.agent(1)], cache.now());
    expect(cache.get('/api/agents/1')).toBeDefined();

    // A long tail of URLs read once each leaves the repeated answer in place.
    for (let id = 100; id < 200; id += 1)
      cache.set(`/api/agents/${id}`, body(2_000), [cacheTags.agent(id)], cache.now());
    expect(cache.get('/api/agents/1')).toBeDefined();
    expect(cache.size).toBe(1);
  });

  it('still refreshes a kept answer at once and never keeps one computed before a write to it', () => {
    const cache = new ResponseCache({ admitOnSecondAsk: true });
    for (let ask = 0; ask < 2; ask += 1)
      cache.set('/api/agents/1', body(10), [cacheTags.agent(1)], cache.now());
    cache.set('/api/agents/1', JSON.stringify({ fresh: true }), [cacheTags.agent(1)], cache.now());
    expect(cache.get('/api/agents/1')).toBe('{"fresh":true}');

    const before = cache.now();
    cache.invalidate([cacheTags.agent(2)]);
    for (let ask = 0; ask < 2; ask += 1) cache.set('/api/agents/2', body(10), [cacheTags.agent(2)], before);
    expect(cache.get('/api/agents/2')).toBeUndefined();
  });
});

describe('a follower of the response cache (the parts answers are made of)', () => {
  const cardTags = (agentId: number) => [
    cacheTags.agent(agentId),
    cacheTags.listed(agentId),
    cacheTags.listings,
  ];

  it('drops a part at once on a soft change, while the answers showing it settle later', () => {
    const answers = new ResponseCache();
    const parts = answers.follower({ maxBytes: 100_000 });
    const listing = '/api/agents?category=tools';
    answers.set(listing, body(100), cacheTags.listingPage([1], { sort: 'newest' }), answers.now());
    parts.set('card:1', body(50), cardTags(1), parts.now());
    parts.set('card:2', body(50), cardTags(2), parts.now());

    answers.touch([cacheTags.listed(1)]);

    expect(parts.get('card:1')).toBeUndefined();
    expect(parts.get('card:2')).toBeDefined();
    expect(answers.get(listing)).toBeDefined();
    answers.settle();
    expect(answers.get(listing)).toBeUndefined();
  });

  it('drops what another instance announced, and everything when everything goes', () => {
    const answers = new ResponseCache();
    const parts = answers.follower({ maxBytes: 100_000 });
    parts.set('card:1', body(50), cardTags(1), parts.now());
    parts.set('card:2', body(50), cardTags(2), parts.now());

    answers.invalidateLocal([cacheTags.agent(2)]);
    expect(parts.get('card:1')).toBeDefined();
    expect(parts.get('card:2')).toBeUndefined();

    answers.invalidate();
    expect(parts.get('card:1')).toBeUndefined();
  });

  it('does not keep a part read before a write to it that came during the read', () => {
    const answers = new ResponseCache();
    const parts = answers.follower({ maxBytes: 100_000 });
    const readStarted = parts.now();
    answers.touch([cacheTags.listed(1)]);
    parts.set('card:1', body(50), cardTags(1), readStarted);
    expect(parts.get('card:1')).toBeUndefined();
  });

  it('keeps parts when answers are not cached (RESPONSE_CACHE=off), within its own budget', () => {
    const answers = new ResponseCache({ enabled: false });
    const parts = answers.follower({ maxBytes: 5_000 });
    for (let agentId = 1; agentId <= 10; agentId += 1)
      parts.set(`card:${agentId}`, body(900), cardTags(agentId), parts.now());
    expect(parts.sizeInBytes).toBeLessThanOrEqual(5_000);
    expect(parts.get('card:10')).toBeDefined();
    expect(parts.get('card:1')).toBeUndefined();
  });
});
