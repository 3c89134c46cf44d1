import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentDetail, AgentListResponse } from '../../src/shared/api/agents.js';
import type { CurrentUser } from '../../src/shared/api/auth.js';
import type { Favorite, FavoriteList } from '../../src/shared/api/favorites.js';
import type { NotificationListResponse } from '../../src/shared/api/notifications.js';
import { utcDay } from '../../src/server/lib/time.js';
import { trendingDayWeights, trendingScore } from '../../src/shared/rules/trending.js';
import { factories } from '../support/factories.js';
import { registerAndSignIn } from '../support/sessions.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let f: ReturnType<typeof factories>;
beforeAll(async () => {
  t = await createTestApp();
  f = factories(t.app);
});
afterAll(() => t.close());

let counter = 0;
async function signedIn() {
  const cookie = await registerAndSignIn(t, `fan-${Date.now()}-${(counter += 1)}@example.com`);
  const user = (await (await t.request('/api/auth/user', { headers: { cookie } })).json()) as CurrentUser;
  return { cookie, user };
}

describe('favorites', () => {
  it('adds, checks, lists, tags and notes, and removes a favorite; the agent counts it', async () => {
    const { cookie } = await signedIn();
    const agent = await f.createAgent({ name: 'Fave Agent' });
    const added = await t.request('/api/favorites', {
      method: 'POST',
      headers: { cookie },
      json: { agentId: agent.id },
    });
    expect(added.status).toBe(201);
    const favorite = (await added.json()) as Favorite;
    expect(favorite).toMatchObject({
      agentId: agent.id,
      agent: { name: 'Fave Agent' },
      tags: [],
      notes: null,
    });
    const again = await t.request('/api/favorites', {
      method: 'POST',
      headers: { cookie },
      json: { agentId: agent.id },
    });
    expect(again.status).toBe(200);

    expect(
      await (await t.request(`/api/favorites/check/${agent.id}`, { headers: { cookie } })).json(),
    ).toEqual({
      isFavorited: true,
      favoriteId: favorite.id,
    });
    const detail = (await (await t.request(`/api/agents/${agent.slug}`)).json()) as AgentDetail;
    expect(detail.favoritesCount).toBe(1);

    const updated = await t.request(`/api/favorites/${favorite.id}`, {
      method: 'PUT',
      headers: { cookie },
      json: { id: favorite.id, tags: ['Work', 'work', ' research '], notes: 'Try on the Q3 backlog' },
    });
    expect(await updated.json()).toMatchObject({
      tags: ['work', 'research'],
      notes: 'Try on the Q3 backlog',
    });
    const list = (await (await t.request('/api/favorites', { headers: { cookie } })).json()) as FavoriteList;
    expect(list.favorites.map((entry) => entry.id)).toEqual([favorite.id]);

    expect(
      (await t.request(`/api/favorites/agent/${agent.id}`, { method: 'DELETE', headers: { cookie } })).status,
    ).toBe(204);
    expect(
      await (await t.request(`/api/favorites/check/${agent.id}`, { headers: { cookie } })).json(),
    ).toEqual({
      isFavorited: false,
      favoriteId: null,
    });
    // The writer reads their own change at once; others within a second (tests/api/fresh-reads.test.ts).
    expect(
      ((await (await t.request(`/api/agents/${agent.slug}`, { headers: { cookie } })).json()) as AgentDetail)
        .favoritesCount,
    ).toBe(0);
  });

  it("keeps favorites private: someone else's favorite id answers 404", async () => {
    const owner = await signedIn();
    const other = await signedIn();
    const agent = await f.createAgent();
    const favorite = (await (
      await t.request('/api/favorites', {
        method: 'POST',
        headers: { cookie: owner.cookie },
        json: { agentId: agent.id },
      })
    ).json()) as Favorite;
    const put = await t.request(`/api/favorites/${favorite.id}`, {
      method: 'PUT',
      headers: { cookie: other.cookie },
      json: { notes: 'mine' },
    });
    expect(put.status).toBe(404);
    const del = await t.request(`/api/favorites/${favorite.id}`, {
      method: 'DELETE',
      headers: { cookie: other.cookie },
    });
    expect(del.status).toBe(404);
    const list = (await (
      await t.request('/api/favorites', { headers: { cookie: other.cookie } })
    ).json()) as FavoriteList;
    expect(list.favorites).toEqual([]);
    expect((await t.request('/api/favorites')).status).toBe(401);
    expect((await t.request('/api/favorites', { method: 'POST', json: { agentId: agent.id } })).status).toBe(
      401,
    );
  });

  it('refuses an empty change and unknown fields with 400 naming them, never a 500', async () => {
    const { cookie } = await signedIn();
    const agent = await f.createAgent();
    const added = (await (
      await t.request('/api/favorites', { method: 'POST', headers: { cookie }, json: { agentId: agent.id } })
    ).json()) as Favorite;
    const update = (json: unknown) =>
      t.request(`/api/favorites/${added.id}`, { method: 'PUT', headers: { cookie }, json });

    for (const empty of [{}, { id: added.id }]) {
      const refused = await update(empty);
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual({
        message: 'Nothing to update: send tags, notes or both.',
        details: { body: ['Nothing to update: send tags, notes or both.'] },
      });
    }
    const unknown = await update({ foo: 1 });
    expect(unknown.status).toBe(400);
    const body = (await unknown.json()) as { message: string; details: Record<string, string[]> };
    expect(body.details.foo).toEqual(['Unknown field']);
    expect(body.message).toBe('foo: Unknown field');
    // A privileged field next to real changes is refused too, not silently dropped.
    const privileged = await update({ notes: 'mine', userId: 1, agentId: 2 });
    expect(privileged.status).toBe(400);
    expect(Object.keys(((await privileged.json()) as { details: object }).details).sort()).toEqual([
      'agentId',
      'userId',
    ]);
    expect((await update({ notes: 'still works' })).status).toBe(200);
  });

  it('tells the owner, and refuses unknown agents and bad input', async () => {
    const owner = await signedIn();
    const fan = await signedIn();
    const agent = await f.createAgent({ owner_id: owner.user.id, name: 'Owned Agent' });
    await t.request('/api/favorites', {
      method: 'POST',
      headers: { cookie: fan.cookie },
      json: { agentId: agent.id },
    });
    const notes = (await (
      await t.request('/api/notifications', { headers: { cookie: owner.cookie } })
    ).json()) as NotificationListResponse;
    expect(notes.notifications[0]).toMatchObject({
      type: 'favorite',
      title: 'Owned Agent was favorited',
      link: `/agents/${agent.slug}`,
    });

    expect(
      (
        await t.request('/api/favorites', {
          method: 'POST',
          headers: { cookie: fan.cookie },
          json: { agentId: 999999 },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await t.request('/api/favorites', {
          method: 'POST',
          headers: { cookie: fan.cookie },
          json: { agentId: 'x' },
        })
      ).status,
    ).toBe(400);
    const tooMany = await t.request('/api/favorites/1', {
      method: 'PUT',
      headers: { cookie: fan.cookie },
      json: { tags: Array.from({ length: 11 }, (_, index) => `t${index}`) },
    });
    expect(tooMany.status).toBe(400);
  });

  it("lifts the agent in its category's trending order with the same write, for the writer at once", async () => {
    const { cookie } = await signedIn();
    const category = await f.createCategory({ slug: `trend-${Date.now()}`, name: 'Trend test' });
    // Equal scores list the newer first, so the favorite has to lift the older one above it.
    const liked = await f.createAgent({ category, name: 'Older Agent' });
    const quiet = await f.createAgent({ category, name: 'Newer Agent' });
    const trendingOrder = async (writerCookies = cookie) => {
      const response = await t.request(`/api/agents?category=${category.slug}&sort=trending`, {
        headers: { cookie: writerCookies },
      });
      return ((await response.json()) as AgentListResponse).agents.map((agent) => agent.name);
    };
    expect(await trendingOrder()).toEqual(['Newer Agent', 'Older Agent']);
    const added = await t.request('/api/favorites', {
      method: 'POST',
      headers: { cookie },
      json: { agentId: liked.id },
    });
    // The writer's browser sends back what the write set (its read-your-writes cookie).
    const setByWrite = added.headers.getSetCookie().map((line) => line.split(';')[0]);
    expect(await trendingOrder([cookie, ...setByWrite].join('; '))).toEqual(['Older Agent', 'Newer Agent']);
    const scores = await t.app.db.kysely
      .selectFrom('agents')
      .select(['id', 'trending_score'])
      .where('id', 'in', [quiet.id, liked.id])
      .execute();
    expect(scores.find((row) => row.id === liked.id)?.trending_score).toBeGreaterThan(0);
    expect(scores.find((row) => row.id === quiet.id)?.trending_score).toBe(0);
  });

  it('sets the trending score the shared rule gives, counting the earlier days of the window, and a removal leaves it', async () => {
    const owner = await signedIn();
    const fans = [await signedIn(), await signedIn()];
    const agent = await f.createAgent({ owner_id: owner.user.id });
    const days = trendingDayWeights(utcDay()).map(({ day }) => day);
    // Views of yesterday and three days ago, a favorite of six days ago, and one day out of the window.
    const outOfWindow = new Date(Date.parse(days[0]!) - 7 * 86_400_000).toISOString().slice(0, 10);
    await t.app.db.kysely
      .insertInto('agent_activity')
      .values([
        { agent_id: agent.id, day: days[1]!, views: 5, favorites: 0 },
        { agent_id: agent.id, day: days[3]!, views: 8, favorites: 0 },
        { agent_id: agent.id, day: days[6]!, views: 0, favorites: 1 },
        { agent_id: agent.id, day: outOfWindow, views: 100, favorites: 0 },
      ])
      .execute();
    const stored = () =>
      t.app.db.kysely
        .selectFrom('agents')
        .select(['favorites_count', 'trending_score'])
        .where('id', '=', agent.id)
        .executeTakeFirstOrThrow();
    const activity = () =>
      t.app.db.kysely
        .selectFrom('agent_activity')
        .select(['day', 'views', 'favorites'])
        .where('agent_id', '=', agent.id)
        .execute();

    for (const fan of fans) {
      const added = await t.request('/api/favorites', {
        method: 'POST',
        headers: { cookie: fan.cookie },
        json: { agentId: agent.id },
      });
      expect(added.status).toBe(201);
    }
    // 2 favorites today (6) + 5·0.5^(1/3) + 8·0.5 + 3·0.25 = 6 + 3.969 + 4 + 0.75
    expect(await stored()).toEqual({ favorites_count: 2, trending_score: 14.719 });
    expect((await stored()).trending_score).toBe(trendingScore(await activity(), days[0]!));
    const notes = (await (
      await t.request('/api/notifications', { headers: { cookie: owner.cookie } })
    ).json()) as NotificationListResponse;
    expect(notes.notifications.filter((note) => note.type === 'favorite')).toHaveLength(2);

    const removed = await t.request(`/api/favorites/agent/${agent.id}`, {
      method: 'DELETE',
      headers: { cookie: fans[0]!.cookie },
    });
    expect(removed.status).toBe(204);
    expect(await stored()).toEqual({ favorites_count: 1, trending_score: 14.719 });
    const again = await t.request(`/api/favorites/agent/${agent.id}`, {
      method: 'DELETE',
      headers: { cookie: fans[0]!.cookie },
    });
    expect(again.status).toBe(404);
    expect((await stored()).favorites_count).toBe(1);
  });
});
