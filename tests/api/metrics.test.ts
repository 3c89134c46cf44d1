import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MetricsResponse, ScoreResponse, SearchTermsResponse } from '../../src/shared/api/metrics.js';
import { MetricsRecorder } from '../../src/server/features/metrics/metrics-recorder.js';
import { factories } from '../support/factories.js';
import { callApi, signUpPerson } from '../support/sessions.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let f: ReturnType<typeof factories>;
beforeAll(async () => {
  t = await createTestApp();
  f = factories(t.app);
});
afterAll(() => t.close());

const visitor = (n: number) => `aa_visitor=${n.toString(16).padStart(32, '0')}`;
const today = () => new Date().toISOString().slice(0, 10);

async function ownerWithAgent() {
  const owner = await signUpPerson(t);
  const agent = await f.createAgent({ owner_id: owner.user.id });
  return { owner, agent };
}

function beacon(path: string, cookie: string, json: unknown) {
  return t.request(path, { method: 'POST', headers: { cookie }, json });
}

describe('recording and GET /api/metrics', () => {
  it('counts views from distinct visitors, favorites, reviews and clicks, once each per day', async () => {
    const { owner, agent } = await ownerWithAgent();
    for (const n of [1, 2, 3, 3]) {
      const response = await beacon(`/api/agents/${agent.id}/views`, visitor(n), {});
      expect(response.status).toBe(202);
    }
    for (const [n, target] of [
      [1, 'website'],
      [1, 'website'],
      [1, 'docs'],
      [2, 'repository'],
    ] as const) {
      const response = await beacon(`/api/agents/${agent.id}/clicks`, visitor(n), { target });
      expect(response.status).toBe(202);
    }
    const fan = await signUpPerson(t);
    expect((await callApi(t, 'POST', '/api/favorites', fan.cookie, { agentId: agent.id })).status).toBe(201);
    await f.createReview({ agent, rating: 5 });
    await f.createReview({ agent, rating: 3 });
    await t.app.metricsRecorder.flush();

    const { status, body } = await callApi<MetricsResponse>(t, 'GET', '/api/metrics?range=7d', owner.cookie);
    expect(status).toBe(200);
    expect(body.totals).toEqual({ views: 3, visitors: 3, favorites: 1, reviews: 2, clicks: 3 });
    expect(body.previous).toEqual({ views: 0, visitors: 0, favorites: 0, reviews: 0, clicks: 0 });
    expect(body.to).toBe(today());
    expect(body.series).toHaveLength(7);
    expect(body.series.at(-1)).toEqual({ date: today(), ...body.totals });
    expect(body.agents).toEqual([{ id: agent.id, slug: agent.slug, name: agent.name, totals: body.totals }]);
  });

  it('has every day of the range, zeros included, and the previous period', async () => {
    const { owner, agent } = await ownerWithAgent();
    const day = (back: number) => new Date(Date.now() - back * 86_400_000).toISOString().slice(0, 10);
    await t.app.services.metrics.metrics.addMetrics([
      { agentId: agent.id, day: day(3), metric: 'views', value: 5 },
    ]);
    await t.app.services.metrics.metrics.addMetrics([
      { agentId: agent.id, day: day(40), metric: 'views', value: 7 },
    ]);
    await t.app.services.metrics.metrics.addMetrics([
      { agentId: agent.id, day: day(40), metric: 'clicks_docs', value: 2 },
    ]);
    for (const [range, length] of [
      ['7d', 7],
      ['30d', 30],
      ['90d', 90],
    ] as const) {
      const { body } = await callApi<MetricsResponse>(
        t,
        'GET',
        `/api/metrics?range=${range}&agentId=${agent.id}`,
        owner.cookie,
      );
      expect(body.series).toHaveLength(length);
      expect(body.from).toBe(day(length - 1));
      const dates = body.series.map((entry) => entry.date);
      expect(new Set(dates).size).toBe(length);
      expect(dates).toEqual([...dates].sort());
      expect(body.series.find((entry) => entry.date === day(3))?.views).toBe(5);
    }
    // Closed days are cached after the first read; yesterday and today stay live.
    await t.app.services.metrics.metrics.addMetrics([
      { agentId: agent.id, day: day(1), metric: 'views', value: 2 },
    ]);
    await t.app.services.metrics.metrics.addMetrics([
      { agentId: agent.id, day: day(0), metric: 'clicks_website', value: 1 },
    ]);
    const month = await callApi<MetricsResponse>(t, 'GET', '/api/metrics?range=30d', owner.cookie);
    expect(month.body.totals).toMatchObject({ views: 7, clicks: 1 });
    expect(month.body.agents[0]?.totals).toMatchObject({ views: 7, clicks: 1 });
    expect(month.body.previous).toMatchObject({ views: 7, clicks: 2 });
  });

  it('validates range and agentId (400), hides other owners’ agents (404), needs a session (401)', async () => {
    const { owner, agent } = await ownerWithAgent();
    const stranger = await signUpPerson(t);
    for (const query of ['range=1y', 'range=7d&agentId=abc', 'range=7d&agentId=-1', 'range=7d&agentId=0']) {
      const { status, body } = await callApi<{ message: string }>(
        t,
        'GET',
        `/api/metrics?${query}`,
        owner.cookie,
      );
      expect(status, query).toBe(400);
      expect(body.message).toBeTruthy();
    }
    expect(
      (await callApi(t, 'GET', `/api/metrics?range=7d&agentId=${agent.id}`, stranger.cookie)).status,
    ).toBe(404);
    expect((await callApi(t, 'GET', `/api/metrics?range=7d&agentId=999999`, owner.cookie)).status).toBe(404);
    expect(
      (await callApi(t, 'GET', `/api/metrics/search-terms?agentId=${agent.id}`, stranger.cookie)).status,
    ).toBe(404);
    expect((await callApi(t, 'GET', `/api/metrics/score?agentId=${agent.id}`, stranger.cookie)).status).toBe(
      404,
    );
    expect((await callApi(t, 'GET', '/api/metrics?range=7d', null)).status).toBe(401);
    expect((await callApi(t, 'GET', `/api/metrics/score?agentId=${agent.id}`, null)).status).toBe(401);
    expect((await callApi(t, 'GET', '/api/metrics/search-terms', owner.cookie)).status).toBe(400);
    expect((await beacon(`/api/agents/${agent.id}/clicks`, visitor(9), { target: 'email' })).status).toBe(
      400,
    );
    expect(
      (await beacon('/api/agents/impressions', visitor(9), { q: '', agentIds: [agent.id] })).status,
    ).toBe(400);

    const stranger7d = await callApi<MetricsResponse>(t, 'GET', '/api/metrics?range=7d', stranger.cookie);
    expect(stranger7d.body.agents).toEqual([]);
    expect(stranger7d.body.series).toHaveLength(7);
  });

  it('lets an admin read any agent’s metrics', async () => {
    const { agent } = await ownerWithAgent();
    const admin = await signUpPerson(t, 'admin');
    const { status, body } = await callApi<MetricsResponse>(
      t,
      'GET',
      `/api/metrics?range=30d&agentId=${agent.id}`,
      admin.cookie,
    );
    expect(status).toBe(200);
    expect(body.agents.map((entry) => entry.id)).toEqual([agent.id]);
    expect((await callApi(t, 'GET', `/api/metrics/score?agentId=${agent.id}`, admin.cookie)).status).toBe(
      200,
    );
  });
});

describe('GET /api/metrics/search-terms', () => {
  it('counts first-page impressions and clicks per normalized term, once per visitor', async () => {
    const { owner, agent } = await ownerWithAgent();
    const other = await f.createAgent();
    await beacon('/api/agents/impressions', visitor(1), {
      q: '  Code   Review ',
      agentIds: [agent.id, other.id],
    });
    await beacon('/api/agents/impressions', visitor(1), { q: 'code review', agentIds: [agent.id] });
    await beacon('/api/agents/impressions', visitor(2), { q: 'CODE review', agentIds: [agent.id] });
    await beacon('/api/agents/impressions', visitor(2), { q: 'linter', agentIds: [agent.id] });
    await beacon('/api/agents/impressions/click', visitor(2), { q: 'code review', agentId: agent.id });
    await t.app.metricsRecorder.flush();
    const { status, body } = await callApi<SearchTermsResponse>(
      t,
      'GET',
      `/api/metrics/search-terms?agentId=${agent.id}&range=7d`,
      owner.cookie,
    );
    expect(status).toBe(200);
    expect(body.terms).toEqual([
      { term: 'code review', impressions: 2, clicks: 1 },
      { term: 'linter', impressions: 1, clicks: 0 },
    ]);
  });
});

describe('GET /api/metrics/score', () => {
  it('takes the reputation score apart into parts that add up, with the rank and a checklist', async () => {
    const category = await f.createCategory();
    const owner = await signUpPerson(t);
    const agent = await f.createAgent({ owner_id: owner.user.id, category, verified: 1 });
    const rival = await f.createAgent({ category });
    await f.createReview({ agent, rating: 5 });
    await f.createReview({ agent, rating: 4 });
    await f.createReview({ agent: rival, rating: 1 });

    const { status, body } = await callApi<ScoreResponse>(
      t,
      'GET',
      `/api/metrics/score?agentId=${agent.id}&range=7d`,
      owner.cookie,
    );
    expect(status).toBe(200);
    const shown = (await (await t.request(`/api/agents/${agent.slug}`)).json()) as {
      reputationScore: number;
    };
    expect(body.score).toBe(shown.reputationScore);
    const sum = body.parts.reduce((total, part) => total + part.points, 0);
    expect(Math.round(sum * 10) / 10).toBe(body.score);
    expect(body.parts.find((part) => part.key === 'verification')?.points).toBe(5);
    expect(Math.abs(body.parts.find((part) => part.key === 'adjustment')!.points)).toBeLessThanOrEqual(0.2);
    expect(body.inputs).toMatchObject({ priorWeight: 10, reviewCount: 2, verified: true });
    expect(body.rank).toMatchObject({ categoryId: category.id, position: 1, of: 2 });

    const keys = Object.fromEntries(body.checklist.map((item) => [item.key, item]));
    expect(keys.logo).toMatchObject({ done: false, fixPath: `/edit-agent/${agent.id}` });
    expect(keys.docs).toMatchObject({ done: false, fixPath: `/edit-agent/${agent.id}` });
    expect(keys.tags).toMatchObject({ done: false });
    expect(keys.verification).toMatchObject({ done: true });
    expect(keys['unanswered-reviews']).toMatchObject({ done: false, detail: '2 reviews have no reply' });

    expect(body.series).toHaveLength(7);
    expect(body.series.at(-1)).toMatchObject({ date: today(), rating: 4.5 });
    expect(body.series.at(-1)?.rank).toBeNull();
    // Today's snapshot: owned agents get their position; past days without one stay null.
    await t.app.metricsRecorder.snapshotRanks();
    const again = await callApi<ScoreResponse>(
      t,
      'GET',
      `/api/metrics/score?agentId=${agent.id}`,
      owner.cookie,
    );
    expect(again.body.series).toHaveLength(30);
    expect(again.body.series.at(-1)).toMatchObject({ date: today(), rating: 4.5, rank: 1 });
    expect(again.body.series[0]?.rank).toBeNull();
  });

  it('snapshots each owned agent’s position in its category, walking it a few agents at a time', async () => {
    const category = await f.createCategory();
    const owner = await signUpPerson(t);
    // Equal scores (no reviews) rank by id, newest first; a review lifts one above them.
    const agents: Array<Awaited<ReturnType<typeof f.createAgent>>> = [];
    for (let index = 0; index < 7; index += 1)
      agents.push(await f.createAgent({ category, owner_id: index % 3 === 2 ? null : owner.user.id }));
    await f.createReview({ agent: agents[1]!, rating: 5 });
    const listing = (await (
      await t.request(`/api/agents?category=${category.slug}&sort=rating&limit=20`)
    ).json()) as { agents: Array<{ id: number }> };
    const expected = listing.agents.flatMap((card, index) =>
      agents.find((agent) => agent.id === card.id)?.owner_id === null ? [] : [[card.id, index + 1]],
    );
    expect(expected[0]).toEqual([agents[1]!.id, 1]);

    // Pages of two: the walk crosses pages inside a run of equal scores.
    const recorder = new MetricsRecorder(
      t.app.services.metrics,
      (error) => {
        throw error;
      },
      undefined,
      1000,
      2,
    );
    await recorder.snapshotRanks();
    const stored = await t.app.db.kysely
      .selectFrom('agent_metrics_daily')
      .select(['agent_id', 'value'])
      .where('day', '=', today())
      .where('metric', '=', 'rank')
      .where(
        'agent_id',
        'in',
        agents.map((agent) => agent.id),
      )
      .execute();
    expect(stored.map((row) => [row.agent_id, Number(row.value)]).sort((a, b) => a[1]! - b[1]!)).toEqual(
      expected,
    );
  });

  it('adds up for an agent without reviews and unverified', async () => {
    const { owner, agent } = await ownerWithAgent();
    const { body } = await callApi<ScoreResponse>(
      t,
      'GET',
      `/api/metrics/score?agentId=${agent.id}`,
      owner.cookie,
    );
    expect(body.score).toBe(agent.reputation_score);
    expect(Math.round(body.parts.reduce((total, part) => total + part.points, 0) * 10) / 10).toBe(body.score);
    expect(body.parts.find((part) => part.key === 'reviews')?.points).toBe(0);
    expect(body.series.every((entry) => entry.rating === null)).toBe(true);
  });
});
