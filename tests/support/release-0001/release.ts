import { seedAgents } from '../../../src/server/db/seed-data/agents.js';
import { seedCategories } from '../../../src/server/db/seed-data/categories.js';
import { seedReviewTexts, seedUsers } from '../../../src/server/db/seed-data/reviews.js';

/**
 * The first release that landed a migration level (0001-initial, to commit 65c84c2): the demo it
 * seeded and the queries it ran, in its own SQL, so a test can check that every later migration
 * leaves them working while that release still serves (expand, then contract). The queries are
 * those release's repositories (features/{agents,reviews,favorites,categories,auth}) wrote,
 * spelled out; they must never be edited to follow a later schema.
 */

export type Dialect = 'sqlite' | 'postgres';

/** A statement with ? placeholders (numbered for PostgreSQL by the runner). */
export interface Statement {
  sql: string;
  params: unknown[];
}

const DAY_MS = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** The demo the release's seed wrote: the same catalogue, users and reviews, with simpler numbers. */
export function seedStatements(now: number): Statement[] {
  const statements: Statement[] = [];
  for (const [position, category] of seedCategories.entries())
    statements.push({
      sql: `insert into categories (slug, name, description, icon, position, agent_count, created_at)
            values (?, ?, ?, ?, ?, ?, ?)`,
      params: [
        category.slug,
        category.name,
        category.description,
        category.icon,
        position,
        seedAgents.filter((agent) => agent.categorySlug === category.slug).length,
        iso(now - 800 * DAY_MS),
      ],
    });
  for (const [index, user] of seedUsers.entries())
    statements.push({
      sql: `insert into users (email, username, password_hash, first_name, last_name, full_name, company_name,
              company_website, organization_type, user_type, role, email_verified, is_anonymous, github_id,
              github_login, created_at, updated_at)
            values (?, ?, null, ?, ?, ?, ?, null, ?, 'developer', 'user', ?, ?, null, null, ?, ?)`,
      params: [
        user.email,
        user.email,
        user.firstName,
        user.lastName,
        `${user.firstName} ${user.lastName}`,
        user.companyName,
        user.organizationType,
        index % 4 === 0 ? 0 : 1,
        user.isAnonymous ? 1 : 0,
        iso(now - (900 - index) * DAY_MS),
        iso(now - (900 - index) * DAY_MS),
      ],
    });
  for (const agent of seedAgents) {
    const created = iso(now - agent.ageDays * DAY_MS);
    const reviews = Math.min(agent.reviewCount, seedUsers.length);
    const rating = Math.round(agent.ratingTarget);
    statements.push({
      sql: `insert into agents (slug, owner_id, category_id, name, tagline, description, tags, website_url, repo_url,
              docs_url, pricing, logo_url, status, verified, featured, rating_count, rating_sum,
              rating_1, rating_2, rating_3, rating_4, rating_5, rating_average, weighted_rating_sum, weight_total,
              reputation_score, favorites_count, views_count, trending_score, created_at, updated_at, published_at)
            values (?, null, (select id from categories where slug = ?), ?, ?, ?, ?, ?, ?, ?, ?, null, 'published',
              ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?)`,
      params: [
        agent.slug,
        agent.categorySlug,
        agent.name,
        agent.tagline,
        agent.description,
        JSON.stringify(agent.tags),
        agent.websiteUrl,
        agent.repoUrl,
        agent.docsUrl,
        agent.pricing,
        agent.verified ? 1 : 0,
        agent.featured ? 1 : 0,
        reviews,
        reviews * rating,
        ...[1, 2, 3, 4, 5].map((star) => (star === rating ? reviews : 0)),
        reviews ? rating : 0,
        reviews * rating,
        reviews,
        reviews ? rating : 0,
        100 + agent.ageDays,
        agent.featured ? 5 : 1,
        created,
        created,
        created,
      ],
    });
    for (let i = 0; i < reviews; i += 1) {
      const text = seedReviewTexts.filter((candidate) => candidate.rating === rating)[i % 3]!;
      const at = iso(now - Math.floor((agent.ageDays * DAY_MS * (i + 1)) / (reviews + 1)));
      statements.push({
        sql: `insert into reviews (agent_id, user_id, rating, title, body, weight, helpful_count, owner_reply,
                owner_reply_at, created_at, updated_at)
              values ((select id from agents where slug = ?), (select id from users where email = ?), ?, ?, ?, 1, ?,
                null, null, ?, ?)`,
        params: [agent.slug, seedUsers[i]!.email, rating, text.title, text.body, i % 7, at, at],
      });
    }
  }
  const reviewTotal = seedAgents.reduce((sum, a) => sum + Math.min(a.reviewCount, seedUsers.length), 0);
  const ratingTotal = seedAgents.reduce(
    (sum, a) => sum + Math.min(a.reviewCount, seedUsers.length) * Math.round(a.ratingTarget),
    0,
  );
  statements.push({
    sql: 'update site_stats set rating_count = ?, rating_sum = ?, mean_snapshot = ? where id = 1',
    params: [reviewTotal, ratingTotal, reviewTotal ? ratingTotal / reviewTotal : 3.5],
  });
  // A signed-in person, as the release's sessions table held them.
  statements.push({
    sql: `insert into sessions (token_hash, user_id, created_at, last_active_at, expires_at, user_agent)
          values ('release-0001-session', (select id from users where email = ?), ?, ?, ?, 'test')`,
    params: [seedUsers[0]!.email, iso(now), iso(now), iso(now + 30 * DAY_MS)],
  });
  statements.push({
    sql: `insert into favorites (user_id, agent_id, tags, notes, created_at)
          values ((select id from users where email = ?), (select id from agents where slug = ?), '[]', null, ?)`,
    params: [seedUsers[0]!.email, seedAgents[0]!.slug, iso(now)],
  });
  return statements;
}

const summaryColumns = `agents.id, agents.slug, agents.name, agents.tagline, agents.tags, agents.pricing,
  agents.logo_url, agents.verified, agents.rating_average, agents.rating_count, agents.reputation_score,
  agents.favorites_count, agents.created_at, categories.slug as category_slug, categories.name as category_name`;

export interface ReleaseQuery {
  name: string;
  /** Reads answer rows; a write changes what `written` later counts. */
  statements(dialect: Dialect, round: number): Statement[];
}

/** What the release read and wrote while serving, one round of each. */
export const releaseQueries: ReleaseQuery[] = [
  {
    name: 'listing by rating',
    statements: () => [
      {
        sql: `select ${summaryColumns} from agents inner join categories on categories.id = agents.category_id
              where agents.status = 'published' order by agents.reputation_score desc, agents.id desc limit ? offset ?`,
        params: [24, 0],
      },
    ],
  },
  {
    name: 'category page, newest',
    statements: () => [
      {
        sql: `select ${summaryColumns} from agents inner join categories on categories.id = agents.category_id
              where agents.status = 'published' and agents.category_id = (select id from categories where slug = ?)
              and agents.pricing = ? order by agents.published_at desc, agents.id desc limit ? offset ?`,
        params: [seedCategories[0]!.slug, 'free', 24, 0],
      },
    ],
  },
  {
    name: 'agent detail',
    statements: (_dialect, round) => [
      {
        sql: `select ${summaryColumns}, agents.description, agents.website_url, agents.repo_url, agents.docs_url,
                agents.status, agents.owner_id, agents.rating_1, agents.rating_2, agents.rating_3, agents.rating_4,
                agents.rating_5, agents.views_count, agents.updated_at, users.first_name as owner_first_name,
                users.last_name as owner_last_name, users.full_name as owner_full_name,
                users.username as owner_username, users.is_anonymous as owner_is_anonymous
              from agents inner join categories on categories.id = agents.category_id
              left join users on users.id = agents.owner_id where agents.slug = ?`,
        params: [seedAgents[round % seedAgents.length]!.slug],
      },
    ],
  },
  {
    name: 'featured',
    statements: () => [
      {
        sql: `select ${summaryColumns} from agents inner join categories on categories.id = agents.category_id
              where agents.status = 'published' and agents.featured = ?
              order by agents.reputation_score desc, agents.id desc limit ?`,
        params: [1, 6],
      },
    ],
  },
  {
    name: 'reviews of an agent',
    statements: (_dialect, round) => [
      {
        sql: `select reviews.id, reviews.agent_id, reviews.user_id, reviews.rating, reviews.weight, reviews.title,
                reviews.body, reviews.helpful_count, reviews.owner_reply, reviews.owner_reply_at, reviews.created_at,
                reviews.updated_at, users.first_name, users.last_name, users.full_name, users.username,
                users.is_anonymous, users.deleted_at
              from reviews inner join users on users.id = reviews.user_id
              where reviews.agent_id = (select id from agents where slug = ?)
              order by reviews.helpful_count desc, reviews.created_at desc limit ? offset ?`,
        params: [seedAgents[round % seedAgents.length]!.slug, 10, 0],
      },
    ],
  },
  {
    name: 'categories',
    statements: () => [
      {
        sql: 'select id, slug, name, description, icon, position, agent_count from categories order by position',
        params: [],
      },
    ],
  },
  {
    name: 'signed-in session',
    statements: () => [
      {
        sql: `select users.id, users.email, users.role, users.email_verified, users.first_name, users.last_name,
                sessions.expires_at
              from sessions inner join users on users.id = sessions.user_id
              where sessions.token_hash = ? and users.deleted_at is null`,
        params: ['release-0001-session'],
      },
    ],
  },
  {
    name: 'favorites of a person',
    statements: () => [
      {
        sql: `select favorites.id, favorites.agent_id, favorites.tags, favorites.notes, favorites.created_at,
                ${summaryColumns}
              from favorites inner join agents on agents.id = favorites.agent_id
              inner join categories on categories.id = agents.category_id
              where favorites.user_id = (select id from users where email = ?) order by favorites.created_at desc`,
        params: [seedUsers[0]!.email],
      },
    ],
  },
  {
    name: 'search',
    statements: (dialect) => [
      dialect === 'sqlite'
        ? {
            sql: `select ${summaryColumns} from agents inner join categories on categories.id = agents.category_id
                  inner join agents_fts on agents_fts.rowid = agents.id
                  where agents.status = 'published' and agents_fts MATCH ?
                  order by bm25(agents_fts, 10.0, 4.0, 1.0, 6.0), agents.id desc limit ? offset ?`,
            params: ['"agent"*', 24, 0],
          }
        : {
            sql: `select ${summaryColumns} from agents inner join categories on categories.id = agents.category_id
                  where agents.status = 'published' and agents.search_vector @@ to_tsquery('simple', ?)
                  order by ts_rank(agents.search_vector, to_tsquery('simple', ?)) desc, agents.id desc
                  limit ? offset ?`,
            params: ['agent:*', 'agent:*', 24, 0],
          },
    ],
  },
  {
    name: 'count a view (write)',
    statements: (_dialect, round) => [
      {
        sql: 'update agents set views_count = views_count + 1 where slug = ?',
        params: [seedAgents[round % seedAgents.length]!.slug],
      },
    ],
  },
  {
    name: 'newsletter sign-up (write)',
    statements: (_dialect, round) => [
      {
        sql: 'insert into newsletter_subscribers (email, created_at) values (?, ?)',
        params: [`release-0001-${round}@example.com`, new Date().toISOString()],
      },
    ],
  },
];

/**
 * Queries a later migration removed what they read from, with that migration: the contract step,
 * which a rolling upgrade must not reach while this release still serves. The test checks they work
 * before it and fail after it, so this list is exactly right or the test fails.
 */
export const contractedBy: Record<string, string> = {
  // The in-process search index replaced FTS5 and the tsvector column in the same migration.
  search: '0006-search-change-log',
};
