import type { Db } from './database.js';
import type { NewAgent } from './schema.js';
import { seedAgents } from './seed-data/agents.js';
import { seedCategories } from './seed-data/categories.js';
import { seedReviewTexts, seedUsers } from './seed-data/reviews.js';
import { reputationScore, reviewWeight, siteMean } from '../../shared/rules/reputation.js';
import { trendingScore } from '../../shared/rules/trending.js';
import { createRandom, type Random } from '../lib/random.js';
import { utcDay } from '../lib/time.js';
import { EMPTY_AGENT_COUNTERS } from '../features/agents/agent-counters.js';
import { seedDemoMetrics } from './seed-demo-metrics.js';
import { seedDemoProbes } from './seed-demo-probes.js';
import { seedDemoRecord } from './seed-demo-record.js';

const DAY_MS = 86_400_000;

/** A rating near the target: mostly the nearest star values, sometimes one further away. */
function ratingNear(target: number, random: Random): 1 | 2 | 3 | 4 | 5 {
  const spread = (random.next() + random.next() + random.next() - 1.5) * 1.6;
  return Math.min(5, Math.max(1, Math.round(target + spread))) as 1 | 2 | 3 | 4 | 5;
}

/**
 * Fills an empty database with the demo catalogue; does nothing (and returns null) when any
 * category already exists, so it never touches real data.
 */
export async function seedDemoIfEmpty(
  db: Db,
  now = Date.now(),
  options: {
    ownerPasswordHash?: string | null;
    /** The app's own origin (PUBLIC_URL): the demo endpoints are its /demo-mcp servers. */
    demoOrigin?: string;
  } = {},
): Promise<{ agents: number; reviews: number } | null> {
  const existing = await db.kysely.selectFrom('categories').select('id').limit(1).executeTakeFirst();
  if (existing) return null;
  const random = createRandom(20261122);
  const iso = (ms: number) => new Date(ms).toISOString();

  return db.kysely.transaction().execute(async (trx) => {
    const categoryIds = new Map<string, number>();
    for (const [position, category] of seedCategories.entries()) {
      const row = await trx
        .insertInto('categories')
        .values({ ...category, position, agent_count: 0, created_at: iso(now - 800 * DAY_MS) })
        .returning('id')
        .executeTakeFirstOrThrow();
      categoryIds.set(category.slug, row.id);
    }

    const users: Array<{ id: number; createdAt: number; emailVerified: boolean; reviews: number }> = [];
    for (const user of seedUsers) {
      const createdAt = now - random.int(20, 900) * DAY_MS;
      const emailVerified = random.next() < 0.75;
      const row = await trx
        .insertInto('users')
        .values({
          email: user.email,
          username: user.email,
          password_hash: null,
          first_name: user.firstName,
          last_name: user.lastName,
          full_name: `${user.firstName} ${user.lastName}`,
          company_name: user.companyName,
          company_website: null,
          organization_type: user.organizationType,
          user_type: 'developer',
          role: 'user',
          email_verified: emailVerified ? 1 : 0,
          is_anonymous: user.isAnonymous ? 1 : 0,
          github_id: null,
          github_login: null,
          created_at: iso(createdAt),
          updated_at: iso(createdAt),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      users.push({ id: row.id, createdAt, emailVerified, reviews: 0 });
    }

    // Reviews are written oldest first, so each reviewer's weight counts only the reviews before it.
    const plannedReviews: Array<{
      agentIndex: number;
      userIndex: number;
      at: number;
      rating: 1 | 2 | 3 | 4 | 5;
    }> = [];
    const agentCreated = seedAgents.map((agent) => now - agent.ageDays * DAY_MS);
    for (const [agentIndex, agent] of seedAgents.entries()) {
      const reviewers = [...users.keys()]
        .sort(() => random.next() - 0.5)
        .slice(0, Math.min(agent.reviewCount, users.length));
      for (const userIndex of reviewers) {
        const earliest = Math.max(agentCreated[agentIndex]!, users[userIndex]!.createdAt);
        const at = earliest + Math.floor(random.next() * Math.max(now - earliest, DAY_MS));
        plannedReviews.push({
          agentIndex,
          userIndex,
          at: Math.min(at, now - 60_000),
          rating: ratingNear(agent.ratingTarget, random),
        });
      }
    }
    plannedReviews.sort((a, b) => a.at - b.at);

    const agentRows: NewAgent[] = seedAgents.map((agent, index) => ({
      slug: agent.slug,
      owner_id: null,
      category_id: categoryIds.get(agent.categorySlug)!,
      name: agent.name,
      tagline: agent.tagline,
      description: agent.description,
      tags: JSON.stringify(agent.tags),
      website_url: agent.websiteUrl,
      repo_url: agent.repoUrl,
      docs_url: agent.docsUrl,
      pricing: agent.pricing,
      logo_url: null,
      status: 'published',
      verified: agent.verified ? 1 : 0,
      featured: agent.featured ? 1 : 0,
      ...EMPTY_AGENT_COUNTERS,
      reputation_score: 0,
      created_at: iso(agentCreated[index]!),
      updated_at: iso(agentCreated[index]!),
      published_at: iso(agentCreated[index]!),
    }));

    const reviewRows = plannedReviews.map((review) => {
      const user = users[review.userIndex]!;
      const weight = reviewWeight({
        isOwner: false,
        emailVerified: user.emailVerified,
        accountAgeDays: (review.at - user.createdAt) / DAY_MS,
        priorReviews: user.reviews,
      });
      user.reviews += 1;
      const agent = agentRows[review.agentIndex]!;
      agent.rating_count! += 1;
      agent.rating_sum! += review.rating;
      agent[`rating_${review.rating}`] = (agent[`rating_${review.rating}`] ?? 0) + 1;
      agent.weighted_rating_sum! += weight * review.rating;
      agent.weight_total! += weight;
      const text = random.pick(seedReviewTexts.filter((candidate) => candidate.rating === review.rating));
      return { ...review, weight, text };
    });

    const totals = reviewRows.reduce(
      (sum, review) => ({ count: sum.count + 1, sum: sum.sum + review.rating }),
      {
        count: 0,
        sum: 0,
      },
    );
    const mean = siteMean(totals.sum, totals.count);
    const today = utcDay(now);
    const agentIds: number[] = [];
    for (const [index, agent] of agentRows.entries()) {
      const activity = Array.from({ length: 7 }, (_, daysBack) => ({
        day: utcDay(now - daysBack * DAY_MS),
        views: random.int(0, 40) * (seedAgents[index]!.featured ? 3 : 1),
        favorites: 0,
      }));
      agent.rating_average = agent.rating_count ? agent.rating_sum! / agent.rating_count : 0;
      agent.reputation_score = reputationScore({
        weightedRatingSum: agent.weighted_rating_sum!,
        weightTotal: agent.weight_total!,
        siteMean: mean,
        verified: agent.verified === 1,
      });
      agent.trending_score = trendingScore(activity, today);
      agent.views_count = activity.reduce((sum, day) => sum + day.views, 0) + random.int(50, 5000);
      const row = await trx.insertInto('agents').values(agent).returning('id').executeTakeFirstOrThrow();
      agentIds.push(row.id);
      for (const day of activity) {
        if (day.views > 0)
          await trx
            .insertInto('agent_activity')
            .values({ agent_id: row.id, ...day })
            .execute();
      }
      await trx
        .updateTable('categories')
        .set((eb) => ({ agent_count: eb('agent_count', '+', 1) }))
        .where('id', '=', agent.category_id)
        .execute();
    }

    for (const review of reviewRows) {
      await trx
        .insertInto('reviews')
        .values({
          agent_id: agentIds[review.agentIndex]!,
          user_id: users[review.userIndex]!.id,
          rating: review.rating,
          title: review.text.title,
          body: review.text.body,
          weight: review.weight,
          helpful_count: random.int(0, 12),
          owner_reply: null,
          owner_reply_at: null,
          created_at: iso(review.at),
          updated_at: iso(review.at),
        })
        .execute();
    }
    await trx
      .updateTable('site_stats')
      .set({ rating_count: totals.count, rating_sum: totals.sum, mean_snapshot: mean })
      .where('id', '=', 1)
      .execute();
    const { ownedAgentIds } = await seedDemoMetrics(trx, {
      now,
      agents: agentIds.map((id, index) => ({
        id,
        slug: seedAgents[index]!.slug,
        name: seedAgents[index]!.name,
        tags: seedAgents[index]!.tags,
        categoryId: agentRows[index]!.category_id,
        createdAt: agentCreated[index]!,
      })),
      reviewerIds: users.map((user) => user.id),
      ownerPasswordHash: options.ownerPasswordHash ?? null,
    });
    const owned = new Set(ownedAgentIds);
    await seedDemoProbes(trx, {
      now,
      origin: new URL(options.demoOrigin ?? 'http://localhost:3000').origin,
      ownedAgentIds,
      otherAgentIds: agentIds
        .filter((id, index) => !owned.has(id) && agentRows[index]!.status === 'published' && index > 0)
        .slice(2, 4),
    });
    await seedDemoRecord(trx, {
      now,
      agents: agentIds
        .map((id, index) => ({
          id,
          publishedAt: agentCreated[index]!,
          verified: seedAgents[index]!.verified,
          websiteUrl: seedAgents[index]!.websiteUrl,
          owned: owned.has(id),
          status: agentRows[index]!.status,
        }))
        .filter((agent) => agent.status === 'published'),
    });
    return { agents: agentRows.length, reviews: reviewRows.length };
  });
}
