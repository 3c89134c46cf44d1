import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentListResponse } from '../../src/shared/api/agents.js';
import type { AgentHealth } from '../../src/shared/api/probes.js';
import { seedDemoIfEmpty } from '../../src/server/db/seed-demo.js';
import { DEMO_OWNER_EMAIL } from '../../src/server/db/seed-demo-metrics.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the demo seed', () => {
  it('fills an empty database with a varied catalogue whose counters agree with its rows', async () => {
    const seeded = await seedDemoIfEmpty(t.app.db);
    expect(seeded?.agents).toBeGreaterThanOrEqual(80);
    expect(seeded?.reviews).toBeGreaterThan(300);
    const k = t.app.db.kysely;

    const categories = await k.selectFrom('categories').selectAll().execute();
    expect(categories.length).toBeGreaterThanOrEqual(12);
    const perCategory = await k
      .selectFrom('agents')
      .select(['category_id', (eb) => eb.fn.countAll<number>().as('count')])
      .where('status', '=', 'published')
      .groupBy('category_id')
      .execute();
    for (const category of categories) {
      const counted = perCategory.find((row) => row.category_id === category.id);
      expect(category.agent_count).toBe(Number(counted?.count ?? 0));
    }

    const mismatched = await sql<{ id: number }>`
      SELECT a.id FROM agents a
      LEFT JOIN (SELECT agent_id, count(*) AS n, sum(rating) AS s FROM reviews GROUP BY agent_id) r ON r.agent_id = a.id
      WHERE a.rating_count <> coalesce(r.n, 0) OR a.rating_sum <> coalesce(r.s, 0)
    `.execute(k);
    expect(mismatched.rows).toEqual([]);

    const verified = await k.selectFrom('agents').select('id').where('verified', '=', 1).execute();
    expect(verified.length).toBeGreaterThan(2);
    expect(verified.length).toBeLessThan(seeded!.agents / 2);
    const reviewers = await k.selectFrom('reviews').select('user_id').distinct().execute();
    expect(reviewers.length).toBeGreaterThan(5);
  });

  it('refuses to touch a database that already has a catalogue', async () => {
    expect(await seedDemoIfEmpty(t.app.db)).toBeNull();
  });

  it('makes the seeded catalogue searchable', async () => {
    t.app.responseCache.invalidate();
    const body = (await (await t.request('/api/agents?q=pull%20request')).json()) as AgentListResponse;
    expect(body.agents.slice(0, 3).map((agent) => agent.slug)).toContain('patchwork');
  });

  it('gives the catalogue favorites and the demo owner 90 days of daily figures', async () => {
    const k = t.app.db.kysely;
    const mismatched = await sql<{ id: number }>`
      SELECT a.id FROM agents a
      LEFT JOIN (SELECT agent_id, count(*) AS n FROM favorites GROUP BY agent_id) f ON f.agent_id = a.id
      WHERE a.favorites_count <> coalesce(f.n, 0)
    `.execute(k);
    expect(mismatched.rows).toEqual([]);
    const favorited = await k.selectFrom('favorites').select('agent_id').distinct().execute();
    expect(favorited.length).toBeGreaterThan(40);

    const owner = await k
      .selectFrom('users')
      .select('id')
      .where('email', '=', DEMO_OWNER_EMAIL)
      .executeTakeFirstOrThrow();
    const owned = await k.selectFrom('agents').select('id').where('owner_id', '=', owner.id).execute();
    expect(owned.length).toBe(5);
    const days = await k
      .selectFrom('agent_metrics_daily')
      .select('day')
      .distinct()
      .where('metric', '=', 'views')
      .where(
        'agent_id',
        'in',
        owned.map((agent) => agent.id),
      )
      .execute();
    expect(days.length).toBe(90);
    const terms = await k.selectFrom('agent_search_terms_daily').select('term').distinct().execute();
    expect(terms.length).toBeGreaterThan(5);
  });

  it('gives several agents endpoints on the demo servers, with 30 days of probes, a tool change and an incident', async () => {
    const k = t.app.db.kysely;
    const endpoints = await k
      .selectFrom('agent_endpoints')
      .innerJoin('agents', 'agents.id', 'agent_endpoints.agent_id')
      .select(['agents.slug', 'agent_endpoints.url', 'agent_endpoints.kind', 'agent_endpoints.status'])
      .execute();
    expect(endpoints.length).toBeGreaterThanOrEqual(4);
    expect(endpoints.every((endpoint) => endpoint.url.startsWith('http://localhost:3000/demo-mcp'))).toBe(
      true,
    );
    expect(new Set(endpoints.map((endpoint) => endpoint.status))).toEqual(new Set(['up', 'needs_auth']));

    const healths = await Promise.all(
      [...new Set(endpoints.map((endpoint) => endpoint.slug))].map(
        async (slug) => (await (await t.request(`/api/agents/${slug}/health`)).json()) as AgentHealth,
      ),
    );
    const all = healths.flatMap((health) => health.endpoints);
    expect(all.every((endpoint) => endpoint.days.filter((day) => day.uptime !== null).length >= 30)).toBe(
      true,
    );
    expect(all.some((endpoint) => endpoint.changes.length > 0)).toBe(true);
    expect(all.some((endpoint) => endpoint.uptime.d30! < 1 && endpoint.uptime.d30! > 0.95)).toBe(true);
    // As the live probe finds them: MCP servers up in both eras; the locked one says where credentials are.
    for (const endpoint of all.filter((one) => one.kind === 'mcp'))
      if (endpoint.status === 'needs_auth')
        expect(endpoint.auth?.resourceMetadata).toBe(
          'http://localhost:3000/demo-mcp/private/oauth-protected-resource',
        );
      else
        expect(endpoint.protocols.map((check) => [check.version, check.supported])).toEqual([
          ['2026-07-28', true],
          ['2025-11-25', true],
        ]);
  });
});
