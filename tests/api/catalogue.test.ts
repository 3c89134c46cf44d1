import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentDetail, AgentListResponse, HomeResponse } from '../../src/shared/api/agents.js';
import type { ReviewListResponse } from '../../src/shared/api/reviews.js';
import type { CategoryList } from '../../src/shared/api/categories.js';
import type { CategoryRow } from '../../src/server/db/schema.js';
import { factories } from '../support/factories.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let f: ReturnType<typeof factories>;
let coding: CategoryRow;
let writing: CategoryRow;

beforeAll(async () => {
  t = await createTestApp();
  f = factories(t.app);
  coding = await f.createCategory({ slug: 'coding', name: 'Coding', position: 1 });
  writing = await f.createCategory({ slug: 'writing', name: 'Writing', position: 2 });
  await f.createAgent({
    category: coding,
    slug: 'parser-pro',
    name: 'Parser Pro',
    tagline: 'Turns messy logs into structured events',
    tags: JSON.stringify(['logs', 'parsing']),
    reputation_score: 80,
    verified: 1,
    pricing: 'paid',
  });
  await f.createAgent({
    category: coding,
    slug: 'patchwork',
    name: 'Patchwork',
    tagline: 'Reviews pull requests and suggests patches',
    description: 'Patchwork reads diffs. It also understands parsers of every kind.',
    reputation_score: 60,
  });
  await f.createAgent({
    category: writing,
    slug: 'quill',
    name: 'Quill',
    tagline: 'Drafts blog posts',
    reputation_score: 70,
  });
  await f.createAgent({ category: writing, slug: 'hidden-draft', name: 'Hidden Draft', status: 'pending' });
});

afterAll(() => t.close());

async function list(query: string): Promise<AgentListResponse> {
  const response = await t.request(`/api/agents${query}`);
  expect(response.status).toBe(200);
  return (await response.json()) as AgentListResponse;
}

describe('GET /api/agents', () => {
  it('lists only published agents, best reputation first, with the paging shape', async () => {
    const body = await list('');
    expect(body.agents.map((agent) => agent.slug)).toEqual(['parser-pro', 'quill', 'patchwork']);
    expect(body).toMatchObject({ totalCount: 3, totalPages: 1, currentPage: 1 });
    expect(body.agents[0]).toMatchObject({
      category: { slug: 'coding', name: 'Coding' },
      tags: ['logs', 'parsing'],
    });
  });

  it('filters by category, verified and pricing', async () => {
    expect((await list('?category=writing')).agents.map((agent) => agent.slug)).toEqual(['quill']);
    expect((await list('?verified=true')).agents.map((agent) => agent.slug)).toEqual(['parser-pro']);
    expect((await list('?pricing=free')).totalCount).toBe(2);
    expect(await list('?category=no-such-category')).toMatchObject({ agents: [], totalCount: 0 });
  });

  it('sorts by name and pages through the results', async () => {
    const first = await list('?sort=name&limit=2');
    expect(first.agents.map((agent) => agent.name)).toEqual(['Parser Pro', 'Patchwork']);
    expect(first).toMatchObject({ totalCount: 3, totalPages: 2 });
    const second = await list('?sort=name&limit=2&page=2');
    expect(second.agents.map((agent) => agent.name)).toEqual(['Quill']);
    expect((await list('?sort=name&limit=2&page=9')).agents).toEqual([]);
  });

  it('searches by word prefix and ranks a name match above a description match', async () => {
    const body = await list('?q=pars');
    expect(body.agents.map((agent) => agent.slug)).toEqual(['parser-pro', 'patchwork']);
    expect((await list('?q=structured%20ev')).agents.map((agent) => agent.slug)).toEqual(['parser-pro']);
    expect((await list('?q=zzzz')).totalCount).toBe(0);
    expect((await list('?q=%22%27*%20OR%20(')).agents).toEqual([]);
  });

  it.each([
    ['?sort=popular', 'sort'],
    ['?page=-1', 'page'],
    ['?page=abc', 'page'],
    ['?limit=1000', 'limit'],
    ['?verified=yes', 'verified'],
    ['?pricing=cheap', 'pricing'],
    [`?q=${'a'.repeat(300)}`, 'q'],
  ])('refuses %s with 400 naming the field', async (query, field) => {
    const response = await t.request(`/api/agents${query}`);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { message: string; details: Record<string, string[]> };
    expect(body.details[field]?.length).toBeGreaterThan(0);
    expect(body.message).toContain(field);
  });
});

describe('GET /api/agents/{idOrSlug}', () => {
  it('answers the detail shape by slug and by id', async () => {
    const bySlug = (await (await t.request('/api/agents/parser-pro')).json()) as AgentDetail;
    expect(bySlug).toMatchObject({
      slug: 'parser-pro',
      name: 'Parser Pro',
      verified: true,
      status: 'published',
      owner: { displayName: 'AgentAtlas' },
      rating: { average: 0, count: 0, distribution: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } },
    });
    const byId = await t.request(`/api/agents/${bySlug.id}`);
    expect(((await byId.json()) as AgentDetail).slug).toBe('parser-pro');
  });

  it('answers 404 for an unknown slug and for an agent that is not published', async () => {
    for (const slug of ['nope', 'hidden-draft']) {
      const response = await t.request(`/api/agents/${slug}`);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ message: 'Agent not found' });
    }
  });
});

describe('GET /api/agents/{id}/reviews', () => {
  it('pages reviews newest first with the count from the agent', async () => {
    const agent = await f.createAgent({ category: writing });
    for (let index = 0; index < 7; index += 1) {
      await f.createReview({
        agent,
        rating: (index % 5) + 1,
        body: `Review number ${index}`,
        msAgo: (7 - index) * 60_000,
      });
    }
    const page1 = (await (
      await t.request(`/api/agents/${agent.id}/reviews?page=1&limit=5`)
    ).json()) as ReviewListResponse;
    expect(page1).toMatchObject({ totalCount: 7, totalPages: 2, currentPage: 1 });
    expect(page1.reviews.map((review) => review.body)).toEqual(
      [6, 5, 4, 3, 2].map((n) => `Review number ${n}`),
    );
    expect(page1.reviews[0]?.author.displayName).toMatch(/^Test User/);
    const page2 = (await (
      await t.request(`/api/agents/${agent.id}/reviews?page=2&limit=5`)
    ).json()) as ReviewListResponse;
    expect(page2.reviews).toHaveLength(2);
    const lowest = (await (
      await t.request(`/api/agents/${agent.id}/reviews?sort=lowest`)
    ).json()) as ReviewListResponse;
    expect(lowest.reviews[0]?.rating).toBe(1);
    const detail = (await (await t.request(`/api/agents/${agent.slug}`)).json()) as AgentDetail;
    expect(detail.rating.distribution).toEqual({ 1: 2, 2: 2, 3: 1, 4: 1, 5: 1 });
  });

  it('answers a reviews page for a published agent only, by id or by slug in any case', async () => {
    const pending = await f.createAgent({ status: 'pending' });
    for (const key of [pending.id, pending.slug])
      expect((await t.request(`/api/agents/${key}/reviews`)).status).toBe(404);
    const published = await f.createAgent();
    expect((await t.request(`/api/agents/${published.slug.toUpperCase()}/reviews`)).status).toBe(200);
    expect((await t.request('/api/agents/99999999999/reviews')).status).toBe(404);
  });

  it('answers 404 for an unknown agent and 400 for a bad limit', async () => {
    expect((await t.request('/api/agents/999999/reviews')).status).toBe(404);
    expect((await t.request('/api/agents/parser-pro/reviews?limit=0')).status).toBe(400);
  });
});

describe('home, categories and filters', () => {
  it('GET /api/home has every section and verified=true keeps only verified agents', async () => {
    const home = (await (await t.request('/api/home')).json()) as HomeResponse;
    expect(home.topRated[0]?.slug).toBe('parser-pro');
    expect(home.newest.length).toBeGreaterThan(0);
    expect(home.stats.categories).toBeGreaterThanOrEqual(2);
    const verified = (await (await t.request('/api/home?verified=true')).json()) as HomeResponse;
    for (const section of [verified.featured, verified.topRated, verified.trending, verified.newest]) {
      expect(section.every((agent) => agent.verified)).toBe(true);
    }
  });

  it('GET /api/categories counts published agents per category', async () => {
    const body = (await (await t.request('/api/categories')).json()) as CategoryList;
    const bySlug = Object.fromEntries(
      body.categories.map((category) => [category.slug, category.agentCount]),
    );
    expect(bySlug.coding).toBe(2);
    expect(bySlug.writing).toBeGreaterThanOrEqual(1);
  });

  it('GET /api/filters lists categories, pricing models and sorts', async () => {
    const body = (await (await t.request('/api/filters')).json()) as {
      categories: unknown[];
      sorts: string[];
    };
    expect(body.categories.length).toBeGreaterThanOrEqual(2);
    expect(body.sorts).toEqual(['rating', 'newest', 'trending', 'reviews', 'name']);
  });

  it('a new agent is visible to the very next read of a cached listing', async () => {
    const before = await list('?category=writing&sort=newest');
    await f.createAgent({ category: writing, slug: 'fresh-ink', name: 'Fresh Ink' });
    const after = await list('?category=writing&sort=newest');
    expect(after.totalCount).toBe(before.totalCount + 1);
    expect(after.agents[0]?.slug).toBe('fresh-ink');
  });

  it('answers a cached read exactly as the first one, with the same headers, gzipped when asked', async () => {
    const url = '/api/agents?sort=name&limit=50';
    const first = await t.request(url, { headers: { 'accept-encoding': 'identity' } });
    const firstBody = await first.text();
    const cached = await t.request(url, { headers: { 'accept-encoding': 'identity' } });
    expect(await cached.text()).toBe(firstBody);
    for (const header of [
      'content-type',
      'content-security-policy',
      'x-frame-options',
      'x-content-type-options',
    ])
      expect(cached.headers.get(header)).toBe(first.headers.get(header));
    expect(cached.headers.get('content-encoding')).toBeNull();
    expect(cached.headers.get('x-request-id')).toBeTruthy();
    expect(Number(cached.headers.get('content-length'))).toBe(Buffer.byteLength(firstBody));

    const gzipped = await t.request(url, { headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    expect(await gzipped.text()).toBe(firstBody);
  });
});

describe('POST /api/agents/{id}/views', () => {
  it('counts a visitor once per agent and day', async () => {
    const agent = await f.createAgent({ category: coding });
    const headers = { cookie: 'aa_visitor=0123456789abcdef0123456789abcdef' };
    for (let index = 0; index < 3; index += 1) {
      expect((await t.request(`/api/agents/${agent.id}/views`, { method: 'POST', headers })).status).toBe(
        202,
      );
    }
    await t.request(`/api/agents/${agent.id}/views`, {
      method: 'POST',
      headers: { cookie: 'aa_visitor=fedcba9876543210fedcba9876543210' },
    });
    await t.app.viewCounter.flush();
    const row = await t.app.db.kysely
      .selectFrom('agents')
      .select(['views_count', 'trending_score'])
      .where('id', '=', agent.id)
      .executeTakeFirstOrThrow();
    expect(row.views_count).toBe(2);
    expect(row.trending_score).toBeGreaterThan(0);
    expect((await t.request('/api/agents/unknown-agent/views', { method: 'POST' })).status).toBe(404);
  });
});

describe('the view flush', () => {
  it('counts every new visitor of a busy second, more than one statement holds, and no visitor twice', async () => {
    const busy = await f.createAgent({ category: coding });
    const quiet = await f.createAgent({ category: coding });
    const visitor = (index: number) => index.toString(16).padStart(32, '0');
    for (let index = 0; index < 1200; index += 1) t.app.viewCounter.record(busy.id, visitor(index));
    for (let index = 0; index < 3; index += 1) t.app.viewCounter.record(quiet.id, visitor(index));
    await t.app.viewCounter.flush();
    // The same visitors again (already counted today) and one new one.
    for (let index = 0; index < 10; index += 1) t.app.viewCounter.record(busy.id, visitor(index));
    t.app.viewCounter.record(busy.id, visitor(5000));
    await t.app.viewCounter.flush();

    const counts = await t.app.db.kysely
      .selectFrom('agents')
      .select(['id', 'views_count'])
      .where('id', 'in', [busy.id, quiet.id])
      .orderBy('id')
      .execute();
    expect(counts).toEqual([
      { id: busy.id, views_count: 1201 },
      { id: quiet.id, views_count: 3 },
    ]);
    const activity = await t.app.db.kysely
      .selectFrom('agent_activity')
      .select('views')
      .where('agent_id', '=', busy.id)
      .executeTakeFirstOrThrow();
    expect(activity.views).toBe(1201);
    const owners = await t.app.db.kysely
      .selectFrom('agent_metrics_daily')
      .select(['metric', 'value'])
      .where('agent_id', '=', busy.id)
      .orderBy('metric')
      .execute();
    expect(owners).toEqual([
      { metric: 'views', value: 1201 },
      { metric: 'visitors', value: 1201 },
    ]);
  });
});

describe('typo tolerance', () => {
  it('searches the closest indexed spelling when nothing matches the words as typed', async () => {
    const body = await list('?q=parsre%20pro');
    expect(body.didYouMean).toBe('parser pro');
    expect(body.agents.map((agent) => agent.slug)).toContain('parser-pro');
    const exact = await list('?q=parser');
    expect(exact.didYouMean).toBeUndefined();
  });
});
