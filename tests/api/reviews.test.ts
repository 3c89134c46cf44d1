import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentDetail } from '../../src/shared/api/agents.js';
import type { Review, ReviewListResponse } from '../../src/shared/api/reviews.js';
import type { NotificationListResponse } from '../../src/shared/api/notifications.js';
import { seedDemoIfEmpty } from '../../src/server/db/seed-demo.js';
import { factories } from '../support/factories.js';
import { signUpPerson } from '../support/sessions.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let f: ReturnType<typeof factories>;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoIfEmpty(t.app.db);
  f = factories(t.app);
});
afterAll(() => t.close());

const person = () => signUpPerson(t);

const json = (cookie: string, method: string, body?: unknown) => ({
  method,
  headers: { cookie },
  ...(body === undefined ? {} : { json: body }),
});

async function detail(slug: string) {
  return (await (await t.request(`/api/agents/${slug}`)).json()) as AgentDetail;
}

describe('writing reviews', () => {
  it('creates a review that moves the rating, the distribution and the score at once', async () => {
    const agent = await f.createAgent({ reputation_score: 0 });
    const { cookie } = await person();
    const before = await detail(agent.slug);
    const response = await t.request(
      `/api/agents/${agent.id}/reviews`,
      json(cookie, 'POST', { rating: 5, title: 'Great', body: 'It did exactly what it promised.' }),
    );
    expect(response.status).toBe(201);
    const review = (await response.json()) as Review;
    expect(review).toMatchObject({ rating: 5, title: 'Great', helpfulCount: 0, ownerReply: null });
    const after = await detail(agent.slug);
    expect(after.rating).toMatchObject({ average: 5, count: 1, distribution: { 5: 1 } });
    expect(after.reputationScore).not.toBe(before.reputationScore);
    const page = (await (
      await t.request(`/api/agents/${agent.id}/reviews?page=1&limit=5`)
    ).json()) as ReviewListResponse;
    expect(page.reviews[0]?.id).toBe(review.id);
  });

  it('allows one review per person and agent (409) and none of your own agent (403)', async () => {
    const owner = await person();
    const agent = await f.createAgent({ owner_id: owner.user.id });
    const reviewer = await person();
    const body = { rating: 4, body: 'Solid and dependable tool.' };
    expect(
      (await t.request(`/api/agents/${agent.id}/reviews`, json(reviewer.cookie, 'POST', body))).status,
    ).toBe(201);
    const second = await t.request(`/api/agents/${agent.id}/reviews`, json(reviewer.cookie, 'POST', body));
    expect(second.status).toBe(409);
    const own = await t.request(`/api/agents/${agent.id}/reviews`, json(owner.cookie, 'POST', body));
    expect(own.status).toBe(403);
    expect(await own.json()).toEqual({ message: 'You cannot review your own agent.' });
    expect((await t.request(`/api/agents/${agent.id}/reviews`, { method: 'POST', json: body })).status).toBe(
      401,
    );
  });

  it.each([
    [{ rating: 0, body: 'Long enough body' }, 'rating', 'Choose a rating from 1 to 5 stars'],
    [{ rating: 6, body: 'Long enough body' }, 'rating', 'Choose a rating from 1 to 5 stars'],
    [{ rating: 3.5, body: 'Long enough body' }, 'rating', 'Choose a rating from 1 to 5 stars'],
    [{ rating: 3, body: 'short' }, 'body', 'Write at least 10 characters'],
    [{ rating: 3, body: 'x'.repeat(5001) }, 'body', 'A review can have at most 5000 characters'],
    [
      { rating: 3, title: 'x'.repeat(121), body: 'Long enough body' },
      'title',
      'The title can have at most 120 characters',
    ],
    [{ rating: '5', body: 'Long enough body' }, 'rating', 'Choose a rating from 1 to 5 stars'],
  ])('refuses %j with 400 on %s', async (body, field, message) => {
    const agent = await f.createAgent();
    const { cookie } = await person();
    const response = await t.request(`/api/agents/${agent.id}/reviews`, json(cookie, 'POST', body));
    expect(response.status).toBe(400);
    expect(((await response.json()) as { details: Record<string, string[]> }).details[field]).toEqual([
      message,
    ]);
  });

  it("edits and deletes your review; someone else's answers 404", async () => {
    const agent = await f.createAgent();
    const author = await person();
    const other = await person();
    const review = (await (
      await t.request(
        `/api/agents/${agent.id}/reviews`,
        json(author.cookie, 'POST', { rating: 2, body: 'Did not work for me.' }),
      )
    ).json()) as Review;
    expect(
      (await t.request(`/api/reviews/${review.id}`, json(other.cookie, 'PUT', { rating: 1 }))).status,
    ).toBe(404);
    expect((await t.request(`/api/reviews/${review.id}`, json(other.cookie, 'DELETE'))).status).toBe(404);
    const edited = await t.request(
      `/api/reviews/${review.id}`,
      json(author.cookie, 'PUT', { rating: 4, body: 'After the update it works well.' }),
    );
    expect(await edited.json()).toMatchObject({ rating: 4, body: 'After the update it works well.' });
    expect((await detail(agent.slug)).rating).toMatchObject({
      average: 4,
      count: 1,
      distribution: { 2: 0, 4: 1 },
    });
    expect((await t.request(`/api/reviews/${review.id}`, json(author.cookie, 'DELETE'))).status).toBe(204);
    expect((await detail(agent.slug)).rating).toMatchObject({ average: 0, count: 0 });
  });

  it('lets the owner reply once and tells both sides', async () => {
    const owner = await person();
    const agent = await f.createAgent({ owner_id: owner.user.id, name: 'Replied Agent' });
    const reviewer = await person();
    const review = (await (
      await t.request(
        `/api/agents/${agent.id}/reviews`,
        json(reviewer.cookie, 'POST', { rating: 3, body: 'Decent, needs better docs.' }),
      )
    ).json()) as Review;
    const ownerInbox = (await (
      await t.request('/api/notifications', { headers: { cookie: owner.cookie } })
    ).json()) as NotificationListResponse;
    expect(ownerInbox.notifications[0]).toMatchObject({
      type: 'review',
      title: 'New 3-star review of Replied Agent',
    });

    expect(
      (
        await t.request(
          `/api/reviews/${review.id}/reply`,
          json(reviewer.cookie, 'POST', { body: 'Not mine to answer' }),
        )
      ).status,
    ).toBe(404);
    const replied = await t.request(
      `/api/reviews/${review.id}/reply`,
      json(owner.cookie, 'POST', { body: 'Thanks! Docs are coming.' }),
    );
    expect(((await replied.json()) as Review).ownerReply?.body).toBe('Thanks! Docs are coming.');
    expect(
      (await t.request(`/api/reviews/${review.id}/reply`, json(owner.cookie, 'POST', { body: 'Again' })))
        .status,
    ).toBe(409);
    const reviewerInbox = (await (
      await t.request('/api/notifications', { headers: { cookie: reviewer.cookie } })
    ).json()) as NotificationListResponse;
    expect(reviewerInbox.notifications[0]?.title).toBe('The owner of Replied Agent replied to your review');
  });

  it('counts a helpful vote once per person, never your own', async () => {
    const agent = await f.createAgent();
    const author = await person();
    const voter = await person();
    const review = (await (
      await t.request(
        `/api/agents/${agent.id}/reviews`,
        json(author.cookie, 'POST', { rating: 5, body: 'Helpful review text.' }),
      )
    ).json()) as Review;
    expect(
      await (await t.request(`/api/reviews/${review.id}/helpful`, json(voter.cookie, 'POST'))).json(),
    ).toEqual({ helpfulCount: 1, votedHelpful: true });
    expect((await t.request(`/api/reviews/${review.id}/helpful`, json(voter.cookie, 'POST'))).status).toBe(
      409,
    );
    expect((await t.request(`/api/reviews/${review.id}/helpful`, json(author.cookie, 'POST'))).status).toBe(
      403,
    );
  });

  it('stores reports of agents and reviews for the moderators, once per open report', async () => {
    const agent = await f.createAgent();
    const reporter = await person();
    const report = await t.request(
      `/api/agents/${agent.id}/report`,
      json(reporter.cookie, 'POST', { reason: 'spam', details: 'Just an ad.' }),
    );
    expect(report.status).toBe(201);
    expect(
      (await t.request(`/api/agents/${agent.id}/report`, json(reporter.cookie, 'POST', { reason: 'spam' })))
        .status,
    ).toBe(409);
    expect(
      (await t.request(`/api/agents/${agent.id}/report`, json(reporter.cookie, 'POST', { reason: 'boring' })))
        .status,
    ).toBe(400);
    const stored = await t.app.db.kysely
      .selectFrom('reports')
      .selectAll()
      .where('agent_id', '=', agent.id)
      .execute();
    expect(stored).toMatchObject([
      { reason: 'spam', details: 'Just an ad.', status: 'open', review_id: null },
    ]);
  });
});

describe('reputation', () => {
  it('keeps every agent score equal to a recompute from scratch over the seeded data and new reviews', async () => {
    const agents = await t.app.db.kysely
      .selectFrom('agents')
      .select(['id', 'owner_id'])
      .where('status', '=', 'published')
      .limit(5)
      .execute();
    for (const agent of agents) {
      const { cookie } = await person();
      await t.request(
        `/api/agents/${agent.id}/reviews`,
        json(cookie, 'POST', { rating: 1 + (agent.id % 5), body: 'Recompute check review.' }),
      );
    }
    const stored = await t.app.db.kysely
      .selectFrom('agents')
      .select(['id', 'rating_count', 'rating_sum', 'weighted_rating_sum', 'weight_total', 'reputation_score'])
      .execute();
    const fresh = new Map(
      (await t.app.services.reviewWrites.reputation.recomputeFromScratch()).map((agent) => [agent.id, agent]),
    );
    for (const row of stored) {
      const expected = fresh.get(row.id)!;
      expect(row.rating_count).toBe(expected.ratingCount);
      expect(row.rating_sum).toBe(expected.ratingSum);
      expect(row.weighted_rating_sum).toBeCloseTo(expected.weightedRatingSum, 6);
      expect(row.weight_total).toBeCloseTo(expected.weightTotal, 6);
      expect(row.reputation_score).toBeCloseTo(expected.reputationScore, 6);
    }
  });
});

describe('the agent as a signed-in person sees it', () => {
  it('is everyone’s detail with whether they own it and which review is theirs, read each time', async () => {
    const owner = await person();
    const agent = await f.createAgent({ owner_id: owner.user.id });
    // Asked twice, so the shared cache keeps it (decision 0021).
    await detail(agent.slug);
    const anonymous = await detail(agent.slug);
    expect(anonymous.viewer).toBeUndefined();
    const asOwner = (await (
      await t.request(`/api/agents/${agent.slug}`, { headers: { cookie: owner.cookie } })
    ).json()) as AgentDetail;
    expect(asOwner.viewer).toEqual({ isOwner: true, reviewId: null });
    const { viewer: _ownerFacts, ...everyones } = asOwner;
    expect(everyones).toEqual(anonymous);
    const reviewer = await person();
    const review = (await (
      await t.request(
        `/api/agents/${agent.id}/reviews`,
        json(reviewer.cookie, 'POST', { rating: 4, body: 'Viewer facts check.' }),
      )
    ).json()) as Review;
    const asReviewer = (await (
      await t.request(`/api/agents/${agent.slug}`, { headers: { cookie: reviewer.cookie } })
    ).json()) as AgentDetail;
    expect(asReviewer.viewer).toEqual({ isOwner: false, reviewId: review.id });
    expect((await detail(agent.slug)).viewer).toBeUndefined();
    const missing = await t.request('/api/agents/no-such-agent', { headers: { cookie: owner.cookie } });
    expect(missing.status).toBe(404);
  });
});
