import type { Transaction } from 'kysely';
import type { Database } from './schema.js';
import { createRandom } from '../lib/random.js';
import { utcDay } from '../lib/time.js';
import { NO_PERSONAL_DETAILS } from '../features/users/users.repo.js';

const DAY_MS = 86_400_000;
const CHUNK = 400;
/** The demo owner: sign in with DEMO_OWNER_PASSWORD when it was set at the first start. */
export const DEMO_OWNER_EMAIL = 'demo-owner@agentatlas.dev';
/** Which seeded agents the demo owner owns (by seed order: several categories, verified and not). */
const OWNED_AGENT_INDEXES = [0, 8, 16, 24, 33];
const FANS = 120;
const HISTORY_DAYS = 90;

async function insertChunks<T extends keyof Database>(
  trx: Transaction<Database>,
  table: T,
  rows: Array<Record<string, unknown>>,
) {
  for (let start = 0; start < rows.length; start += CHUNK) {
    const chunk = rows.slice(start, start + CHUNK) as Parameters<
      ReturnType<typeof trx.insertInto<T>>['values']
    >[0];
    await trx.insertInto(table).values(chunk).execute();
  }
}

/**
 * Gives the catalogue favorites (from demo fans and the seeded reviewers) and the demo owner 90 days
 * of believable daily figures: views with a weekly rhythm and growth, visitors, outbound clicks,
 * favorites, search terms and the category rank. Every insert is batched so `npm start` stays fast.
 */
export async function seedDemoMetrics(
  trx: Transaction<Database>,
  input: {
    now: number;
    agents: Array<{
      id: number;
      slug: string;
      name: string;
      tags: string[];
      categoryId: number;
      createdAt: number;
    }>;
    reviewerIds: number[];
    ownerPasswordHash: string | null;
  },
): Promise<{ ownerId: number; ownedAgentIds: number[] }> {
  const random = createRandom(20261124);
  const iso = (ms: number) => new Date(ms).toISOString();
  const { now } = input;

  const owner = await trx
    .insertInto('users')
    .values({
      email: DEMO_OWNER_EMAIL,
      username: DEMO_OWNER_EMAIL,
      password_hash: input.ownerPasswordHash,
      first_name: 'Dana',
      last_name: 'Owner',
      full_name: 'Dana Owner',
      company_name: 'Atlas Demo Labs',
      company_website: null,
      organization_type: 'enterprise',
      user_type: 'developer',
      role: 'user',
      email_verified: 1,
      is_anonymous: 0,
      github_id: null,
      github_login: null,
      created_at: iso(now - 400 * DAY_MS),
      updated_at: iso(now - 400 * DAY_MS),
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  const fanRows = Array.from({ length: FANS }, (_, index) => ({
    email: `fan-${index + 1}@demo.agentatlas.dev`,
    username: `fan-${index + 1}@demo.agentatlas.dev`,
    ...NO_PERSONAL_DETAILS,
    organization_type: 'individual',
    user_type: 'user',
    role: 'user',
    email_verified: 1,
    is_anonymous: 0,
    created_at: iso(now - 365 * DAY_MS),
    updated_at: iso(now - 365 * DAY_MS),
  }));
  await insertChunks(trx, 'users', fanRows);
  const fans = await trx
    .selectFrom('users')
    .select('id')
    .where('email', 'like', 'fan-%@demo.agentatlas.dev')
    .execute();
  const people = [...fans.map((fan) => fan.id), ...input.reviewerIds];

  const owned = OWNED_AGENT_INDEXES.map((index) => input.agents[index]!).filter(Boolean);
  const ownedIds = new Set(owned.map((agent) => agent.id));
  await trx
    .updateTable('agents')
    .set({ owner_id: owner.id })
    .where('id', 'in', [...ownedIds])
    .execute();

  // Favorites across the catalogue; the owner's agents get theirs over the last 90 days.
  const favorites: Array<Record<string, unknown>> = [];
  const favoriteCounts = new Map<number, number>();
  for (const agent of input.agents) {
    const isOwned = ownedIds.has(agent.id);
    const count = isOwned ? random.int(45, 90) : Math.floor(random.next() ** 2 * 40);
    const chosen = [...people].sort(() => random.next() - 0.5).slice(0, Math.min(count, people.length));
    const since = isOwned ? now - (HISTORY_DAYS - 1) * DAY_MS : agent.createdAt;
    for (const userId of chosen) {
      // Later days are likelier for owned agents (growth), uniform for the rest.
      const share = isOwned ? Math.sqrt(random.next()) : random.next();
      const at = Math.min(since + share * (now - since), now - 60_000);
      favorites.push({ user_id: userId, agent_id: agent.id, tags: '[]', notes: null, created_at: iso(at) });
    }
    favoriteCounts.set(agent.id, chosen.length);
  }
  await insertChunks(trx, 'favorites', favorites);
  for (const [agentId, count] of favoriteCounts) {
    if (count > 0)
      await trx.updateTable('agents').set({ favorites_count: count }).where('id', '=', agentId).execute();
  }

  // 90 days of daily figures for the owner's agents.
  const metrics: Array<Record<string, unknown>> = [];
  const terms: Array<Record<string, unknown>> = [];
  const weekly = [0.72, 1.08, 1.12, 1.1, 1.04, 0.95, 0.68]; // Sunday to Saturday
  for (const [position, agent] of owned.entries()) {
    const base = [60, 35, 22, 14, 8][position] ?? 10;
    const growth = 1.6 + random.next();
    const searchTerms = [...agent.tags.slice(0, 4), agent.name.toLowerCase().split(' ')[0]!].filter(Boolean);
    for (let back = HISTORY_DAYS - 1; back >= 0; back -= 1) {
      const at = now - back * DAY_MS;
      const day = utcDay(at);
      const progress = (HISTORY_DAYS - 1 - back) / (HISTORY_DAYS - 1);
      const noise = 0.8 + random.next() * 0.4;
      const spike = random.next() < 0.03 ? 2.5 : 1;
      const views = Math.round(
        base * (1 + (growth - 1) * progress) * weekly[new Date(at).getUTCDay()]! * noise * spike,
      );
      if (views === 0) continue;
      const clickShare = 0.06 + random.next() * 0.05;
      const website = Math.round(views * clickShare);
      const repository = Math.round(views * clickShare * 0.5);
      const docs = Math.round(views * clickShare * 0.35);
      for (const [metric, value] of [
        ['views', views],
        ['visitors', views],
        ['clicks_website', website],
        ['clicks_repository', repository],
        ['clicks_docs', docs],
      ] as const) {
        if (value > 0) metrics.push({ agent_id: agent.id, day, metric, value });
      }
      for (const [index, term] of searchTerms.entries()) {
        const impressions = Math.round(views * (1.4 / (index + 1)) * (0.7 + random.next() * 0.6));
        if (impressions === 0) continue;
        const clicks = Math.round(impressions * (0.08 + random.next() * 0.08));
        terms.push({ agent_id: agent.id, day, term, impressions, clicks });
      }
    }
  }

  // Category ranks over the 90 days for the owner's agents, drifting to today's position.
  const ranked = await trx
    .selectFrom('agents')
    .select(['id', 'category_id'])
    .where('status', '=', 'published')
    .orderBy('category_id')
    .orderBy('reputation_score', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const rankToday = new Map<number, number>();
  let category: number | undefined;
  let place = 0;
  for (const row of ranked) {
    place = row.category_id === category ? place + 1 : 1;
    category = row.category_id;
    rankToday.set(row.id, place);
  }
  for (const agent of owned) {
    const final = rankToday.get(agent.id) ?? 1;
    const start = final + random.int(1, 3);
    for (let back = HISTORY_DAYS - 1; back >= 0; back -= 1) {
      const progress = (HISTORY_DAYS - 1 - back) / (HISTORY_DAYS - 1);
      const rank = Math.max(1, Math.round(start + (final - start) * progress + (random.next() - 0.5)));
      metrics.push({
        agent_id: agent.id,
        day: utcDay(now - back * DAY_MS),
        metric: 'rank',
        value: back === 0 ? final : rank,
      });
    }
  }
  await insertChunks(trx, 'agent_metrics_daily', metrics);
  await insertChunks(trx, 'agent_search_terms_daily', terms);
  return { ownerId: owner.id, ownedAgentIds: [...ownedIds] };
}
