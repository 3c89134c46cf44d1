import { parseArgs } from 'node:util';
import SqliteDatabase from 'better-sqlite3';
import { loadConfig } from '../config.js';
import { reputationScore, reviewWeight, siteMean } from '../../shared/rules/reputation.js';
import { createDb } from './database.js';
import { migrateToLatest } from './migrate.js';
import { createRandom } from '../lib/random.js';

/**
 * npm run db:seed-bench -- --agents 100000 --reviews 1000000
 * Fills an empty SQLite database with a synthetic catalogue for benchmarks. It writes through
 * prepared statements in large transactions (the demo seed's per-row Kysely path would take hours)
 * and refuses a database that already holds agents unless --force is given.
 */
const { values } = parseArgs({
  options: {
    agents: { type: 'string', default: '100000' },
    reviews: { type: 'string', default: '1000000' },
    users: { type: 'string', default: '20000' },
    force: { type: 'boolean', default: false },
  },
});
const agentCount = Number(values.agents);
const reviewCount = Number(values.reviews);
const userCount = Number(values.users);
if (![agentCount, reviewCount, userCount].every((n) => Number.isInteger(n) && n > 0)) {
  console.error('--agents, --reviews and --users take positive whole numbers');
  process.exit(2);
}

const config = loadConfig();
if (config.database.kind !== 'sqlite') {
  console.error('db:seed-bench fills the embedded SQLite database only; unset DATABASE_URL or use file:');
  process.exit(2);
}
const started = Date.now();
const db = createDb(config.database);
await migrateToLatest(db);
await db.close();

const sqlite = new SqliteDatabase(config.database.file);
sqlite.pragma('journal_mode = WAL');
sqlite.pragma('synchronous = OFF');
sqlite.pragma('foreign_keys = ON');
const existing = sqlite.prepare('SELECT count(*) AS n FROM agents').get() as { n: number };
if (existing.n > 0 && !values.force) {
  console.error(`the database already holds ${existing.n} agents; pass --force to add more`);
  process.exit(1);
}

const random = createRandom(42);
const words = `agent assistant analytics research code review support sales marketing writer data pipeline
  summarizer translator scheduler planner tester debugger monitor security compliance finance tutor health legal
  recruiter designer editor search crawler extractor classifier forecaster optimizer chatbot voice vision docs
  email calendar crm ledger invoice onboarding triage incident deploy cloud kubernetes python typescript sql`
  .split(/\s+/)
  .filter(Boolean);
const adjectives =
  'swift bright clever steady quiet bold keen lucid nimble prime sharp true calm vivid wise'.split(' ');
const pricing = ['free', 'freemium', 'paid', 'open-source', 'enterprise'] as const;
const DAY = 86_400_000;
const now = Date.now();
const iso = (ms: number) => new Date(ms).toISOString();
const categoryCount = 20;

const insertCategory = sqlite.prepare(
  `INSERT INTO categories (slug, name, description, icon, position, agent_count, created_at) VALUES (?, ?, ?, 'bot', ?, 0, ?)`,
);
const insertUser = sqlite.prepare(
  `INSERT INTO users (email, username, first_name, last_name, full_name, organization_type, user_type, role,
     email_verified, is_anonymous, created_at, updated_at)
   VALUES (?, ?, ?, ?, ?, 'individual', 'developer', 'user', ?, 0, ?, ?)`,
);
const insertAgent = sqlite.prepare(
  `INSERT INTO agents (slug, category_id, name, tagline, description, tags, website_url, pricing, status, verified,
     featured, rating_count, rating_sum, rating_1, rating_2, rating_3, rating_4, rating_5, rating_average,
     weighted_rating_sum, weight_total, reputation_score, favorites_count, views_count, trending_score,
     created_at, updated_at, published_at)
   VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'published', ?, 0, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
);
const insertReview = sqlite.prepare(
  `INSERT INTO reviews (agent_id, user_id, rating, title, body, weight, helpful_count, created_at, updated_at)
   VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
);

const categoryIds: number[] = [];
sqlite.transaction(() => {
  for (let index = 0; index < categoryCount; index += 1) {
    const name = `${adjectives[index % adjectives.length]} ${words[index]}`.replace(/^\w/, (c) =>
      c.toUpperCase(),
    );
    const info = insertCategory.run(`bench-${index}`, name, `Benchmark category ${index}`, index, iso(now));
    categoryIds.push(Number(info.lastInsertRowid));
  }
  for (let index = 0; index < userCount; index += 1) {
    const createdAt = now - random.int(1, 900) * DAY;
    const verified = random.next() < 0.7;
    insertUser.run(
      `bench${index}@example.com`,
      `bench${index}@example.com`,
      'Bench',
      `User ${index}`,
      `Bench User ${index}`,
      verified ? 1 : 0,
      iso(createdAt),
      iso(createdAt),
    );
  }
})();
const firstUserId = (
  sqlite.prepare('SELECT min(id) AS id FROM users WHERE email LIKE ?').get('bench%') as { id: number }
).id;

const reviewsPerAgent = reviewCount / agentCount;
const perCategory = new Array<number>(categoryCount).fill(0);
let totalRatings = 0;
let totalRatingSum = 0;
const batch = 5000;
let reviewsWritten = 0;
for (let start = 0; start < agentCount; start += batch) {
  sqlite.transaction(() => {
    for (let index = start; index < Math.min(start + batch, agentCount); index += 1) {
      const categoryIndex = index % categoryCount;
      const name = `${adjectives[random.int(0, adjectives.length - 1)]} ${words[random.int(0, words.length - 1)]} ${index}`;
      const tags = [random.pick(words), random.pick(words), random.pick(words)];
      const createdAt = now - random.int(1, 700) * DAY;
      const remaining = reviewCount - reviewsWritten;
      const planned =
        index === agentCount - 1
          ? remaining
          : Math.min(remaining, random.int(0, Math.round(reviewsPerAgent * 2)));
      const target = 2.5 + random.next() * 2.4;
      const ratings: number[] = [];
      for (let r = 0; r < planned; r += 1) {
        ratings.push(
          Math.min(5, Math.max(1, Math.round(target + (random.next() + random.next() - 1) * 1.5))),
        );
      }
      const distribution = [0, 0, 0, 0, 0];
      let sum = 0;
      for (const rating of ratings) {
        distribution[rating - 1]! += 1;
        sum += rating;
      }
      const weights = ratings.map(() =>
        reviewWeight({
          isOwner: false,
          emailVerified: random.next() < 0.7,
          accountAgeDays: random.int(0, 700),
          priorReviews: random.int(0, 20),
        }),
      );
      const weightedSum = ratings.reduce((total, rating, r) => total + rating * weights[r]!, 0);
      const weightTotal = weights.reduce((total, weight) => total + weight, 0);
      const verified = random.next() < 0.05;
      const info = insertAgent.run(
        `bench-agent-${index}`,
        categoryIds[categoryIndex],
        name.replace(/^\w/, (c) => c.toUpperCase()),
        `A ${random.pick(adjectives)} ${random.pick(words)} ${random.pick(words)} agent for ${random.pick(words)} teams`,
        `## About\n\nThis ${random.pick(words)} agent helps with ${random.pick(words)}, ${random.pick(words)} and ${random.pick(words)}.`,
        JSON.stringify(tags),
        `https://bench-agent-${index}.example`,
        pricing[index % pricing.length],
        verified ? 1 : 0,
        ratings.length,
        sum,
        ...distribution,
        ratings.length ? sum / ratings.length : 0,
        weightedSum,
        weightTotal,
        reputationScore({ weightedRatingSum: weightedSum, weightTotal, siteMean: 3.7, verified }),
        random.int(0, 500),
        random.int(0, 20_000),
        random.next() * 100,
        iso(createdAt),
        iso(createdAt),
        iso(createdAt),
      );
      const agentId = Number(info.lastInsertRowid);
      perCategory[categoryIndex]! += 1;
      // Distinct reviewers per agent: a random start and stride through the user table.
      const first = random.int(0, userCount - 1);
      const stride = 1 + 2 * random.int(0, 50);
      for (const [r, rating] of ratings.entries()) {
        const userIndex = (first + r * stride) % userCount;
        const at = createdAt + Math.floor(random.next() * (now - createdAt));
        insertReview.run(
          agentId,
          firstUserId + userIndex,
          rating,
          `Rated ${rating}`,
          `Benchmark review ${r} of agent ${index}.`,
          weights[r],
          random.int(0, 10),
          iso(at),
          iso(at),
        );
      }
      reviewsWritten += ratings.length;
      totalRatings += ratings.length;
      totalRatingSum += sum;
    }
  })();
  if ((start / batch) % 4 === 0)
    console.log(`${Math.min(start + batch, agentCount)} agents, ${reviewsWritten} reviews`);
}

sqlite.transaction(() => {
  for (const [index, id] of categoryIds.entries()) {
    sqlite
      .prepare('UPDATE categories SET agent_count = agent_count + ? WHERE id = ?')
      .run(perCategory[index], id);
  }
  sqlite
    .prepare(
      'UPDATE site_stats SET rating_count = rating_count + ?, rating_sum = rating_sum + ?, mean_snapshot = 3.7 WHERE id = 1',
    )
    .run(totalRatings, totalRatingSum);
})();
sqlite.pragma('optimize');
sqlite.exec('ANALYZE');
sqlite.close();
console.log(
  `seeded ${agentCount} agents and ${reviewsWritten} reviews (site mean ${siteMean(totalRatingSum, totalRatings).toFixed(2)}) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
);
