import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database.js';
import { tableWithId, type AnyDb } from './table-with-id.js';

/** The catalogue, accounts, reviews, favorites and notifications. */
export function initialMigration(dialect: Dialect): Migration {
  const id = tableWithId(dialect);
  const real = dialect === 'postgres' ? 'double precision' : 'real';

  return {
    async up(db: AnyDb) {
      await id(db, 'users')
        .addColumn('email', 'text', (col) => col.notNull().unique())
        .addColumn('username', 'text', (col) => col.notNull())
        .addColumn('password_hash', 'text')
        .addColumn('first_name', 'text')
        .addColumn('last_name', 'text')
        .addColumn('full_name', 'text')
        .addColumn('company_name', 'text')
        .addColumn('company_website', 'text')
        .addColumn('organization_type', 'text', (col) => col.notNull().defaultTo('individual'))
        .addColumn('user_type', 'text', (col) => col.notNull().defaultTo('developer'))
        .addColumn('role', 'text', (col) => col.notNull().defaultTo('user'))
        .addColumn('email_verified', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('is_anonymous', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('github_id', 'text', (col) => col.unique())
        .addColumn('github_login', 'text')
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('updated_at', 'text', (col) => col.notNull())
        .addColumn('deleted_at', 'text')
        .execute();

      await db.schema
        .createTable('sessions')
        .addColumn('token_hash', 'text', (col) => col.primaryKey())
        .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('last_active_at', 'text', (col) => col.notNull())
        .addColumn('expires_at', 'text', (col) => col.notNull())
        .addColumn('user_agent', 'text')
        .execute();
      await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

      await id(db, 'email_tokens')
        .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('kind', 'text', (col) => col.notNull())
        .addColumn('token_hash', 'text', (col) => col.notNull().unique())
        .addColumn('expires_at', 'text', (col) => col.notNull())
        .addColumn('used_at', 'text')
        .addColumn('created_at', 'text', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('email_tokens_user_idx')
        .on('email_tokens')
        .columns(['user_id', 'kind'])
        .execute();

      // OAuth and device-flow handshakes in progress, shared by every instance.
      await db.schema
        .createTable('oauth_states')
        .addColumn('state_hash', 'text', (col) => col.primaryKey())
        .addColumn('kind', 'text', (col) => col.notNull())
        .addColumn('payload', 'text', (col) => col.notNull().defaultTo('{}'))
        .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('cascade'))
        .addColumn('expires_at', 'text', (col) => col.notNull())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .execute();

      await id(db, 'categories')
        .addColumn('slug', 'text', (col) => col.notNull().unique())
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('icon', 'text', (col) => col.notNull().defaultTo('bot'))
        .addColumn('position', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('agent_count', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (col) => col.notNull())
        .execute();

      await id(db, 'agents')
        .addColumn('slug', 'text', (col) => col.notNull().unique())
        .addColumn('owner_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
        .addColumn('category_id', 'integer', (col) => col.notNull().references('categories.id'))
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('tagline', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('tags', 'text', (col) => col.notNull().defaultTo('[]'))
        .addColumn('website_url', 'text')
        .addColumn('repo_url', 'text')
        .addColumn('docs_url', 'text')
        .addColumn('pricing', 'text', (col) => col.notNull().defaultTo('free'))
        .addColumn('logo_url', 'text')
        .addColumn('status', 'text', (col) => col.notNull().defaultTo('pending'))
        .addColumn('verified', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('featured', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('rating_count', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('rating_sum', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('rating_1', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('rating_2', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('rating_3', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('rating_4', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('rating_5', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('rating_average', real, (col) => col.notNull().defaultTo(0))
        .addColumn('weighted_rating_sum', real, (col) => col.notNull().defaultTo(0))
        .addColumn('weight_total', real, (col) => col.notNull().defaultTo(0))
        .addColumn('reputation_score', real, (col) => col.notNull().defaultTo(0))
        .addColumn('favorites_count', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('views_count', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('trending_score', real, (col) => col.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('updated_at', 'text', (col) => col.notNull())
        .addColumn('published_at', 'text')
        .execute();

      // One index per listing order, with and without the category filter, so a page never sorts the table.
      const orders: Array<[string, string[]]> = [
        ['rating', ['reputation_score desc', 'id desc']],
        ['newest', ['published_at desc', 'id desc']],
        ['trending', ['trending_score desc', 'id desc']],
        ['reviews', ['rating_count desc', 'id desc']],
        ['name', ['name', 'id']],
      ];
      for (const [name, columns] of orders) {
        await db.schema
          .createIndex(`agents_${name}_idx`)
          .on('agents')
          .columns(['status', ...columns])
          .execute();
        await db.schema
          .createIndex(`agents_category_${name}_idx`)
          .on('agents')
          .columns(['status', 'category_id', ...columns])
          .execute();
      }
      await db.schema
        .createIndex('agents_verified_idx')
        .on('agents')
        .columns(['status', 'verified', 'reputation_score desc'])
        .execute();
      await db.schema.createIndex('agents_owner_idx').on('agents').column('owner_id').execute();
      await db.schema.createIndex('agents_repo_idx').on('agents').column('repo_url').execute();

      await id(db, 'reviews')
        .addColumn('agent_id', 'integer', (col) => col.notNull().references('agents.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('rating', 'integer', (col) => col.notNull())
        .addColumn('title', 'text')
        .addColumn('body', 'text', (col) => col.notNull())
        .addColumn('weight', real, (col) => col.notNull().defaultTo(1))
        .addColumn('helpful_count', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('owner_reply', 'text')
        .addColumn('owner_reply_at', 'text')
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('updated_at', 'text', (col) => col.notNull())
        .addUniqueConstraint('reviews_agent_user_unique', ['agent_id', 'user_id'])
        .execute();
      await db.schema
        .createIndex('reviews_agent_newest_idx')
        .on('reviews')
        .columns(['agent_id', 'created_at desc', 'id desc'])
        .execute();
      await db.schema.createIndex('reviews_user_idx').on('reviews').column('user_id').execute();

      await db.schema
        .createTable('review_votes')
        .addColumn('review_id', 'integer', (col) =>
          col.notNull().references('reviews.id').onDelete('cascade'),
        )
        .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addPrimaryKeyConstraint('review_votes_pk', ['review_id', 'user_id'])
        .execute();

      await id(db, 'reports')
        .addColumn('reporter_id', 'integer', (col) =>
          col.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('agent_id', 'integer', (col) => col.notNull().references('agents.id').onDelete('cascade'))
        .addColumn('review_id', 'integer', (col) => col.references('reviews.id').onDelete('cascade'))
        .addColumn('reason', 'text', (col) => col.notNull())
        .addColumn('details', 'text')
        .addColumn('status', 'text', (col) => col.notNull().defaultTo('open'))
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('resolved_at', 'text')
        .addColumn('resolved_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
        .execute();
      await db.schema
        .createIndex('reports_status_idx')
        .on('reports')
        .columns(['status', 'created_at'])
        .execute();

      await id(db, 'favorites')
        .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('agent_id', 'integer', (col) => col.notNull().references('agents.id').onDelete('cascade'))
        .addColumn('tags', 'text', (col) => col.notNull().defaultTo('[]'))
        .addColumn('notes', 'text')
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addUniqueConstraint('favorites_user_agent_unique', ['user_id', 'agent_id'])
        .execute();
      await db.schema.createIndex('favorites_agent_idx').on('favorites').column('agent_id').execute();

      await id(db, 'notifications')
        .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('type', 'text', (col) => col.notNull())
        .addColumn('title', 'text', (col) => col.notNull())
        .addColumn('message', 'text', (col) => col.notNull())
        .addColumn('link', 'text')
        .addColumn('read', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('notifications_user_idx')
        .on('notifications')
        .columns(['user_id', 'read', 'created_at desc'])
        .execute();

      await id(db, 'newsletter_subscribers')
        .addColumn('email', 'text', (col) => col.notNull().unique())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .execute();

      await db.schema
        .createTable('agent_activity')
        .addColumn('agent_id', 'integer', (col) => col.notNull().references('agents.id').onDelete('cascade'))
        .addColumn('day', 'text', (col) => col.notNull())
        .addColumn('views', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('favorites', 'integer', (col) => col.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('agent_activity_pk', ['agent_id', 'day'])
        .execute();
      await db.schema.createIndex('agent_activity_day_idx').on('agent_activity').column('day').execute();

      await db.schema
        .createTable('agent_views')
        .addColumn('agent_id', 'integer', (col) => col.notNull().references('agents.id').onDelete('cascade'))
        .addColumn('visitor_hash', 'text', (col) => col.notNull())
        .addColumn('day', 'text', (col) => col.notNull())
        .addPrimaryKeyConstraint('agent_views_pk', ['agent_id', 'visitor_hash', 'day'])
        .execute();
      await db.schema.createIndex('agent_views_day_idx').on('agent_views').column('day').execute();

      await db.schema
        .createTable('site_stats')
        .addColumn('id', 'integer', (col) => col.primaryKey())
        .addColumn('rating_count', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('rating_sum', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('mean_snapshot', real, (col) => col.notNull().defaultTo(3.5))
        .execute();
      await db
        .insertInto('site_stats')
        .values({ id: 1, rating_count: 0, rating_sum: 0, mean_snapshot: 3.5 })
        .execute();

      await createFullTextSearch(db, dialect);
    },
  };
}

/**
 * The full-text search of this schema (replaced by the in-process index in 0006, whose down migration
 * brings it back): SQLite's FTS5 table kept by triggers, or PostgreSQL's weighted tsvector with GIN.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
export async function createFullTextSearch(db: Kysely<any>, dialect: Dialect): Promise<void> {
  if (dialect === 'sqlite') {
    // External-content FTS5 index kept in step by triggers; prefix indexes make "ag*" cheap.
    await sql`CREATE VIRTUAL TABLE agents_fts USING fts5(
      name, tagline, description, tags,
      content='agents', content_rowid='id', tokenize='unicode61 remove_diacritics 2', prefix='2 3 4'
    )`.execute(db);
    await sql`CREATE VIRTUAL TABLE agents_fts_vocab USING fts5vocab(agents_fts, 'row')`.execute(db);
    await sql`CREATE TRIGGER agents_fts_insert AFTER INSERT ON agents BEGIN
      INSERT INTO agents_fts(rowid, name, tagline, description, tags)
      VALUES (new.id, new.name, new.tagline, new.description, new.tags);
    END`.execute(db);
    await sql`CREATE TRIGGER agents_fts_delete AFTER DELETE ON agents BEGIN
      INSERT INTO agents_fts(agents_fts, rowid, name, tagline, description, tags)
      VALUES ('delete', old.id, old.name, old.tagline, old.description, old.tags);
    END`.execute(db);
    await sql`CREATE TRIGGER agents_fts_update AFTER UPDATE OF name, tagline, description, tags ON agents BEGIN
      INSERT INTO agents_fts(agents_fts, rowid, name, tagline, description, tags)
      VALUES ('delete', old.id, old.name, old.tagline, old.description, old.tags);
      INSERT INTO agents_fts(rowid, name, tagline, description, tags)
      VALUES (new.id, new.name, new.tagline, new.description, new.tags);
    END`.execute(db);
  } else {
    await sql`ALTER TABLE agents ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
      setweight(to_tsvector('simple', coalesce(name, '')), 'A') ||
      setweight(to_tsvector('simple', coalesce(tags, '')), 'B') ||
      setweight(to_tsvector('simple', coalesce(tagline, '')), 'B') ||
      setweight(to_tsvector('simple', coalesce(description, '')), 'C')
    ) STORED`.execute(db);
    await sql`CREATE INDEX agents_search_idx ON agents USING gin(search_vector)`.execute(db);
  }
}
