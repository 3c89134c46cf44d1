import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AgentRow, CategoryRow, NewAgent, UserRow } from '../../src/server/db/schema.js';
import { reputationScore } from '../../src/shared/rules/reputation.js';
import { cacheTags } from '../../src/server/lib/response-cache.js';
import { EMPTY_AGENT_COUNTERS } from '../../src/server/features/agents/agent-counters.js';

const unique = () => randomBytes(4).toString('hex');
const iso = (msAgo = 0) => new Date(Date.now() - msAgo).toISOString();

/** Factories take overrides and create the parents they need, so every test owns its data. */
export function factories(app: FastifyInstance) {
  const db = app.db.kysely;

  async function createCategory(overrides: Partial<Pick<CategoryRow, 'slug' | 'name' | 'position'>> = {}) {
    const id = unique();
    return db
      .insertInto('categories')
      .values({
        slug: overrides.slug ?? `category-${id}`,
        name: overrides.name ?? `Category ${id}`,
        description: 'A test category',
        icon: 'bot',
        position: overrides.position ?? 0,
        agent_count: 0,
        created_at: iso(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async function createUser(overrides: Partial<UserRow> = {}) {
    const id = unique();
    const email = overrides.email ?? `user-${id}@example.com`;
    return db
      .insertInto('users')
      .values({
        email,
        username: email,
        password_hash: null,
        first_name: 'Test',
        last_name: `User ${id}`,
        full_name: `Test User ${id}`,
        company_name: null,
        company_website: null,
        organization_type: 'individual',
        user_type: 'developer',
        role: 'user',
        email_verified: 1,
        is_anonymous: 0,
        github_id: null,
        github_login: null,
        created_at: iso(),
        updated_at: iso(),
        ...overrides,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async function createAgent(
    overrides: Partial<NewAgent> & { category?: CategoryRow } = {},
  ): Promise<AgentRow> {
    const { category: givenCategory, ...values } = overrides;
    const category = givenCategory ?? (await createCategory());
    const id = unique();
    const status = values.status ?? 'published';
    // An agent without reviews sits at the site mean, as the reputation model puts it.
    const stats = await db
      .selectFrom('site_stats')
      .select('mean_snapshot')
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    const priorScore = reputationScore({
      weightedRatingSum: 0,
      weightTotal: 0,
      siteMean: stats.mean_snapshot,
      verified: values.verified === 1,
    });
    const agent = await db
      .insertInto('agents')
      .values({
        slug: `agent-${id}`,
        owner_id: null,
        category_id: category.id,
        name: `Agent ${id}`,
        tagline: `The tagline of agent ${id}`,
        description: `## About\n\nAgent ${id} does useful things.`,
        tags: JSON.stringify(['testing']),
        website_url: `https://agent-${id}.example`,
        repo_url: null,
        docs_url: null,
        pricing: 'free',
        logo_url: null,
        status,
        verified: 0,
        featured: 0,
        ...EMPTY_AGENT_COUNTERS,
        reputation_score: priorScore,
        created_at: iso(),
        updated_at: iso(),
        published_at: status === 'published' ? iso() : null,
        ...values,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    if (status === 'published') {
      await db
        .updateTable('categories')
        .set((eb) => ({ agent_count: eb('agent_count', '+', 1) }))
        .where('id', '=', category.id)
        .execute();
    }
    // As the approval of a new listing does (admin/moderation.service.ts): what names it, not everything.
    app.responseCache.invalidate([cacheTags.agent(agent.id), cacheTags.listings, cacheTags.categories]);
    return agent;
  }

  /** A review with the agent's counters kept in step, as the review service keeps them. */
  async function createReview(options: {
    agent: AgentRow;
    user?: UserRow;
    rating?: number;
    body?: string;
    msAgo?: number;
  }) {
    const user = options.user ?? (await createUser());
    const rating = options.rating ?? 4;
    const review = await db
      .insertInto('reviews')
      .values({
        agent_id: options.agent.id,
        user_id: user.id,
        rating,
        title: `Rated ${rating}`,
        body: options.body ?? `A review giving ${rating} stars.`,
        weight: 1,
        helpful_count: 0,
        owner_reply: null,
        owner_reply_at: null,
        created_at: iso(options.msAgo ?? 0),
        updated_at: iso(options.msAgo ?? 0),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await app.services.reviewWrites.reputation.applyRatingChange(options.agent.id, {
      add: { rating, weight: 1 },
    });
    // As a review does (reviews/reviews.write.service.ts).
    app.responseCache.invalidate([
      cacheTags.reviews(options.agent.id),
      cacheTags.agent(options.agent.id),
      cacheTags.listings,
    ]);
    return review;
  }

  /** A stored file's row (an uploaded logo) owned by a user; the bytes themselves are not needed. */
  async function createFile(owner: Pick<UserRow, 'id'> | null) {
    return db
      .insertInto('files')
      .values({
        owner_id: owner?.id ?? null,
        storage_key: `logos/${unique()}.webp`,
        content_type: 'image/webp',
        size: 1024,
        width: 256,
        height: 256,
        original_name: 'logo.png',
        created_at: iso(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  return { createCategory, createUser, createAgent, createReview, createFile };
}
