import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTLE_MS } from '../../src/server/lib/response-cache.js';
import type { AgentDetail, AgentListResponse } from '../../src/shared/api/agents.js';
import type { ReviewListResponse } from '../../src/shared/api/reviews.js';
import { factories } from '../support/factories.js';
import { startRedisServer } from '../support/redis-server.js';
import { signUpPerson } from '../support/sessions.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/** The promise of docs/decisions/0014: everyone but the writer sees a write within this. */
const OTHERS_SEE_WRITES_WITHIN_MS = 1000;

/** A browser's cookie jar for one person: sends what the server set, as fetch in a page would. */
function browserOf(sessionCookie: string) {
  const jar = new Map<string, string>(
    sessionCookie.split('; ').map((pair) => pair.split('=', 2) as [string, string]),
  );
  return {
    async call(t: TestApp, method: string, path: string, json?: unknown) {
      const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
      const response = await t.request(path, { method, headers: { cookie }, ...(json ? { json } : {}) });
      for (const line of response.headers.getSetCookie()) {
        const [pair = '', ...attributes] = line.split(';');
        const [name = '', value = ''] = pair.split('=', 2);
        if (attributes.some((attribute) => /^\s*max-age=0$/i.test(attribute)) || value === '')
          jar.delete(name);
        else jar.set(name, value);
      }
      const text = await response.text();
      return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
    },
  };
}

async function anonymous<T>(t: TestApp, path: string): Promise<T> {
  const response = await t.request(path);
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

/** Polls an anonymous read until `seen` holds; answers how long after `since` it first did. */
async function msUntilSeen<T>(t: TestApp, path: string, seen: (body: T) => boolean, since: number) {
  for (;;) {
    const body = await anonymous<T>(t, path);
    const elapsed = performance.now() - since;
    if (seen(body)) return elapsed;
    if (elapsed > OTHERS_SEE_WRITES_WITHIN_MS * 3) return elapsed;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.each([
  { instances: 'one instance', shared: false },
  { instances: 'two instances sharing the database and Redis', shared: true },
])('reads after a write, on $instances', ({ shared }) => {
  let redis: Awaited<ReturnType<typeof startRedisServer>> | undefined;
  /** The writer's instance. */
  let a: TestApp;
  /** Where the reads go: another instance behind the same load balancer, or the same one. */
  let b: TestApp;

  beforeAll(async () => {
    if (shared) {
      redis = await startRedisServer();
      a = await createTestApp({ REDIS_URL: redis.url });
      b = await createTestApp({
        REDIS_URL: redis.url,
        DATABASE_URL:
          a.config.database.kind === 'sqlite' ? `file:${a.config.database.file}` : a.config.database.url,
      });
    } else {
      a = await createTestApp();
      b = a;
    }
  });
  afterAll(async () => {
    if (b !== a) await b?.close();
    await a?.close();
    await redis?.stop();
  });

  it('the writer sees a favorite and a review at once, everyone else within a second', async () => {
    // Made through b, whose cache is read: the announcement of a creation on a could reach b after
    // b cached the agent, and rightly drop it.
    const f = factories(b.app);
    const category = await f.createCategory();
    const agent = await f.createAgent({ category });
    const detailPath = `/api/agents/${agent.slug}`;
    const listingPath = `/api/agents?category=${category.slug}&sort=rating`;
    const reviewsPath = `/api/agents/${agent.id}/reviews?page=1&limit=5`;
    // Everyone has read the agent, so every answer is cached on both instances.
    for (const t of [a, b])
      for (const path of [detailPath, listingPath, reviewsPath]) await anonymous(t, path);

    const writer = browserOf((await signUpPerson(a)).cookie);
    expect((await writer.call(a, 'POST', '/api/favorites', { agentId: agent.id })).status).toBe(201);
    const favorited = performance.now();
    const writersListing = (await writer.call(b, 'GET', listingPath)).body as AgentListResponse;
    expect(writersListing.agents.find((card) => card.id === agent.id)?.favoritesCount).toBe(1);
    expect(((await writer.call(b, 'GET', detailPath)).body as AgentDetail).favoritesCount).toBe(1);
    const favoriteSeenAfter = await msUntilSeen<AgentDetail>(
      b,
      detailPath,
      (d) => d.favoritesCount === 1,
      favorited,
    );
    expect(favoriteSeenAfter).toBeLessThan(OTHERS_SEE_WRITES_WITHIN_MS);

    expect(
      (
        await writer.call(a, 'POST', `/api/agents/${agent.id}/reviews`, {
          rating: 4,
          title: 'Solid',
          body: 'Does what it says, quickly.',
        })
      ).status,
    ).toBe(201);
    const reviewed = performance.now();
    const writersReviews = (await writer.call(b, 'GET', reviewsPath)).body as ReviewListResponse;
    expect(writersReviews.reviews.map((review) => review.title)).toEqual(['Solid']);
    expect(
      ((await writer.call(b, 'GET', listingPath)).body as AgentListResponse).agents[0]?.rating.count,
    ).toBe(1);
    // The agent page the writer reads is everyone's, from the cache when it is fresh, with their own
    // review named in it.
    const writersDetail = (await writer.call(b, 'GET', detailPath)).body as AgentDetail;
    expect(writersDetail.rating.count).toBe(1);
    expect(writersDetail.viewer).toEqual({ isOwner: false, reviewId: writersReviews.reviews[0]?.id });

    const reviewSeenAfter = await msUntilSeen<ReviewListResponse>(
      b,
      reviewsPath,
      (r) => r.totalCount === 1,
      reviewed,
    );
    expect(reviewSeenAfter).toBeLessThan(OTHERS_SEE_WRITES_WITHIN_MS);
    const ratingSeenAfter = await msUntilSeen<AgentListResponse>(
      b,
      listingPath,
      (list) => list.agents.find((card) => card.id === agent.id)?.rating.count === 1,
      reviewed,
    );
    expect(ratingSeenAfter).toBeLessThan(OTHERS_SEE_WRITES_WITHIN_MS);
  });

  it('a write drops only the answers it changed: other agents and other listings stay cached', async () => {
    const f = factories(b.app);
    const reviewed = await f.createAgent({ category: await f.createCategory() });
    const otherCategory = await f.createCategory();
    const untouched = await f.createAgent({ category: otherCategory });
    const untouchedPath = `/api/agents/${untouched.slug}`;
    const untouchedReviews = `/api/agents/${untouched.id}/reviews?page=1&limit=5`;
    // Another category's listings, ordered by rating or by date, do not show the reviewed agent.
    const otherListings = ['rating', 'newest'].map(
      (sort) => `/api/agents?category=${otherCategory.slug}&sort=${sort}`,
    );
    // Each asked for twice: the cache keeps an answer once its URL is asked for again.
    for (const path of [untouchedPath, untouchedReviews, ...otherListings])
      for (let ask = 0; ask < 2; ask += 1) await anonymous(b, path);

    const writer = browserOf((await signUpPerson(a)).cookie);
    await writer.call(a, 'POST', '/api/favorites', { agentId: reviewed.id });
    const review = { rating: 5, title: 'Great', body: 'It answered every question I had.' };
    expect((await writer.call(a, 'POST', `/api/agents/${reviewed.id}/reviews`, review)).status).toBe(201);
    // Past the settling of the listings, the other agent's answers are still the cached ones.
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS + 200));
    for (const path of [untouchedPath, untouchedReviews, ...otherListings])
      expect(b.app.responseCache.get(path), path).toBeDefined();
  });

  it('a rating moves the order at once for the writer and within a second for everyone, on pages nobody asked for too', async () => {
    const f = factories(b.app);
    const category = await f.createCategory();
    // Two agents without reviews share the site mean's score: the newer is listed first.
    const older = await f.createAgent({ category });
    const newer = await f.createAgent({ category });
    const listing = `/api/agents?category=${category.slug}&sort=rating`;
    for (const t of [a, b])
      expect((await anonymous<AgentListResponse>(t, listing)).agents.map((card) => card.id)).toEqual([
        newer.id,
        older.id,
      ]);

    const writer = browserOf((await signUpPerson(a)).cookie);
    const review = { rating: 5, title: 'Excellent', body: 'It did everything it promised, quickly.' };
    expect((await writer.call(a, 'POST', `/api/agents/${older.id}/reviews`, review)).status).toBe(201);
    const reviewedAt = performance.now();
    const writersListing = (await writer.call(b, 'GET', listing)).body as AgentListResponse;
    expect(writersListing.agents.map((card) => card.id)).toEqual([older.id, newer.id]);

    const olderFirst = (list: AgentListResponse) => list.agents[0]?.id === older.id;
    expect(await msUntilSeen(b, listing, olderFirst, reviewedAt)).toBeLessThan(OTHERS_SEE_WRITES_WITHIN_MS);
    // A page size nobody asked for is no cached answer: it is made of the order's kept ids and cards.
    expect(await msUntilSeen(b, `${listing}&limit=1`, olderFirst, reviewedAt)).toBeLessThan(
      OTHERS_SEE_WRITES_WITHIN_MS,
    );
  });

  it('a listing approved on one instance is found by search there at once, everywhere within a second', async () => {
    const word = `quorvex${Date.now().toString(36)}`;
    const pending = await factories(a.app).createAgent({ name: `${word} Helper`, status: 'pending' });
    const search = `/api/agents?q=${word}`;
    // Both instances have searched before, so both hold an index that lacks the agent.
    for (const t of [a, b]) expect((await anonymous<AgentListResponse>(t, search)).totalCount).toBe(0);

    const admin = await signUpPerson(a, 'admin');
    const approved = await a.request(`/api/admin/agents/${pending.id}/approve`, {
      method: 'POST',
      headers: { cookie: admin.cookie },
    });
    expect(approved.status).toBe(200);
    const approvedAt = performance.now();
    expect((await anonymous<AgentListResponse>(a, search)).agents.map((card) => card.id)).toEqual([
      pending.id,
    ]);
    const foundAfter = await msUntilSeen<AgentListResponse>(
      b,
      search,
      (list) => list.agents.some((card) => card.id === pending.id),
      approvedAt,
    );
    expect(foundAfter).toBeLessThan(OTHERS_SEE_WRITES_WITHIN_MS);
  });
});
