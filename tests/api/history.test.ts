import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryResponse } from '../../src/shared/api/history.js';
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

const iso = (msAgo: number) => new Date(Date.now() - msAgo).toISOString();
const MINUTE = 60_000;

/** An owner with two agents and a known past: events, a review, a reply and a resolved report. */
async function ownerWithHistory() {
  const owner = await signUpPerson(t);
  const first = await f.createAgent({ owner_id: owner.user.id, name: 'First Agent' });
  const second = await f.createAgent({ owner_id: owner.user.id, name: 'Second Agent' });
  const db = t.app.db.kysely;
  const event = (
    agentId: number,
    kind: 'submitted' | 'approved' | 'rejected',
    minutesAgo: number,
    message: string | null = null,
  ) =>
    db
      .insertInto('agent_events')
      .values({
        agent_id: agentId,
        kind,
        actor: kind === 'submitted' ? 'owner' : 'admin',
        actor_id: null,
        message,
        created_at: iso(minutesAgo * MINUTE),
      })
      .execute();
  await event(first.id, 'submitted', 60);
  await event(first.id, 'approved', 50);
  await event(second.id, 'submitted', 40);
  await event(second.id, 'rejected', 30, 'The description is empty');
  const review = await f.createReview({ agent: first, rating: 4, msAgo: 20 * MINUTE });
  await db
    .updateTable('reviews')
    .set({ owner_reply: 'Thank you!', owner_reply_at: iso(10 * MINUTE) })
    .where('id', '=', review.id)
    .execute();
  const reporter = await f.createUser();
  await db
    .insertInto('reports')
    .values({
      reporter_id: reporter.id,
      agent_id: first.id,
      review_id: null,
      reason: 'spam',
      details: null,
      status: 'resolved',
      created_at: iso(8 * MINUTE),
      resolved_at: iso(5 * MINUTE),
      resolved_by: null,
    })
    .execute();
  return { owner, first, second, review };
}

describe('GET /api/history', () => {
  it('lists events, reviews, replies and resolved reports newest first, each with a link', async () => {
    const { owner, first, second } = await ownerWithHistory();
    const { status, body } = await callApi<HistoryResponse>(t, 'GET', '/api/history', owner.cookie);
    expect(status).toBe(200);
    expect(body.events.map((event) => [event.kind, event.agentId])).toEqual([
      ['report_resolved', first.id],
      ['reply', first.id],
      ['review', first.id],
      ['rejected', second.id],
      ['submitted', second.id],
      ['approved', first.id],
      ['submitted', first.id],
    ]);
    expect(body).toMatchObject({ totalCount: 7, totalPages: 1, currentPage: 1 });
    const rejected = body.events.find((event) => event.kind === 'rejected')!;
    expect(rejected).toMatchObject({ agentName: 'Second Agent', actor: 'admin' });
    expect(rejected.message).toContain('The description is empty');
    const review = body.events.find((event) => event.kind === 'review')!;
    expect(review.actor).toMatch(/^Test User/);
    expect(review.link).toBe(`/agents/${first.slug}#reviews`);
    for (const event of body.events) {
      expect(event.link).toMatch(/^\//);
      expect(typeof event.id).toBe('string');
    }
    expect(new Set(body.events.map((event) => event.id)).size).toBe(7);
    const dates = body.events.map((event) => event.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('filters by agent and kind and pages', async () => {
    const { owner, first, second } = await ownerWithHistory();
    const byAgent = await callApi<HistoryResponse>(
      t,
      'GET',
      `/api/history?agentId=${second.id}`,
      owner.cookie,
    );
    expect(byAgent.body.events.map((event) => event.kind)).toEqual(['rejected', 'submitted']);
    const byKind = await callApi<HistoryResponse>(t, 'GET', '/api/history?kind=submitted', owner.cookie);
    expect(byKind.body.events.map((event) => event.agentId)).toEqual([second.id, first.id]);
    const reviews = await callApi<HistoryResponse>(t, 'GET', '/api/history?kind=review', owner.cookie);
    expect(reviews.body.totalCount).toBe(1);

    const page1 = await callApi<HistoryResponse>(t, 'GET', '/api/history?limit=3&page=1', owner.cookie);
    const page3 = await callApi<HistoryResponse>(t, 'GET', '/api/history?limit=3&page=3', owner.cookie);
    expect(page1.body).toMatchObject({ totalCount: 7, totalPages: 3, currentPage: 1 });
    expect(page1.body.events.map((event) => event.kind)).toEqual(['report_resolved', 'reply', 'review']);
    expect(page3.body.events.map((event) => event.kind)).toEqual(['submitted']);
  });

  it('shows only the person’s agents; validates; 404 for others’ agents; 401 signed out; admin reads any', async () => {
    const { owner, first } = await ownerWithHistory();
    const stranger = await signUpPerson(t);
    const empty = await callApi<HistoryResponse>(t, 'GET', '/api/history', stranger.cookie);
    expect(empty.body).toMatchObject({ events: [], totalCount: 0, totalPages: 0 });
    expect((await callApi(t, 'GET', `/api/history?agentId=${first.id}`, stranger.cookie)).status).toBe(404);
    for (const query of ['kind=nope', 'agentId=x', 'page=0', 'limit=1000'])
      expect((await callApi(t, 'GET', `/api/history?${query}`, owner.cookie)).status, query).toBe(400);
    expect((await callApi(t, 'GET', '/api/history', null)).status).toBe(401);
    const admin = await signUpPerson(t, 'admin');
    const read = await callApi<HistoryResponse>(t, 'GET', `/api/history?agentId=${first.id}`, admin.cookie);
    expect(read.status).toBe(200);
    expect(read.body.totalCount).toBe(5);
  });
});
