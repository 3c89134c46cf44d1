import type { Kysely, Migration } from 'kysely';

/**
 * Owners' figures, stored as daily aggregates: a row per agent, day and metric, so
 * storage grows with agents × days, never with traffic. The click table only keeps today's visitor
 * hashes (as agent_views does) to count a click once per visitor, agent, target and day; the daily
 * flush deletes older ones. No IP address or user agent is stored. Plain text and integer columns
 * read the same on SQLite and PostgreSQL (docs/decisions/0002).
 */
export const ownerMetricsMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then, not today's types
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('agent_metrics_daily')
      .addColumn('agent_id', 'integer', (col) => col.notNull().references('agents.id').onDelete('cascade'))
      .addColumn('day', 'text', (col) => col.notNull())
      .addColumn('metric', 'text', (col) => col.notNull())
      .addColumn('value', 'integer', (col) => col.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('agent_metrics_daily_pk', ['agent_id', 'day', 'metric'])
      .execute();
    await db.schema
      .createIndex('agent_metrics_daily_day_idx')
      .on('agent_metrics_daily')
      .column('day')
      .execute();

    await db.schema
      .createTable('agent_search_terms_daily')
      .addColumn('agent_id', 'integer', (col) => col.notNull().references('agents.id').onDelete('cascade'))
      .addColumn('day', 'text', (col) => col.notNull())
      .addColumn('term', 'text', (col) => col.notNull())
      .addColumn('impressions', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('clicks', 'integer', (col) => col.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('agent_search_terms_daily_pk', ['agent_id', 'day', 'term'])
      .execute();

    await db.schema
      .createTable('agent_click_visitors')
      .addColumn('agent_id', 'integer', (col) => col.notNull().references('agents.id').onDelete('cascade'))
      .addColumn('visitor_hash', 'text', (col) => col.notNull())
      .addColumn('target', 'text', (col) => col.notNull())
      .addColumn('day', 'text', (col) => col.notNull())
      .addPrimaryKeyConstraint('agent_click_visitors_pk', ['agent_id', 'visitor_hash', 'target', 'day'])
      .execute();
    await db.schema
      .createIndex('agent_click_visitors_day_idx')
      .on('agent_click_visitors')
      .column('day')
      .execute();

    // Favorites and reviews added per day are read from their own tables by created_at.
    await db.schema
      .createIndex('favorites_agent_created_idx')
      .on('favorites')
      .columns(['agent_id', 'created_at'])
      .execute();
  },
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
  async down(db: Kysely<any>) {
    await db.schema.dropIndex('favorites_agent_created_idx').execute();
    await db.schema.dropTable('agent_click_visitors').execute();
    await db.schema.dropTable('agent_search_terms_daily').execute();
    await db.schema.dropTable('agent_metrics_daily').execute();
  },
};
