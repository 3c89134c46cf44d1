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
