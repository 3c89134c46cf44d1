import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database.js';
import { createFullTextSearch } from './0001-initial.js';

/** The columns the search index holds (features/agents/search-index.ts), as they were when this was written. */
const INDEXED_COLUMNS = 'name, tagline, description, tags, status, category_id, pricing, verified';

/**
 * Search moves into the server's memory (docs/decisions/0015-in-process-search-index.md): SQLite's FTS5
 * table and PostgreSQL's tsvector column go, and a change log takes their place. A trigger notes every
 * agent whose searchable columns change, whoever changes them; each instance's index reads the log
 * before a search, so a change is seen by every instance at once, with or without Redis.
 */
export function searchChangeLogMigration(dialect: Dialect): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then, not today's types
    async up(db: Kysely<any>) {
      if (dialect === 'sqlite') {
        await db.schema
          .createTable('agent_search_changes')
          .addColumn('seq', 'integer', (col) => col.primaryKey().autoIncrement())
          .addColumn('agent_id', 'integer', (col) => col.notNull())
          .execute();
        for (const trigger of ['agents_fts_insert', 'agents_fts_delete', 'agents_fts_update'])
          await sql`DROP TRIGGER IF EXISTS ${sql.raw(trigger)}`.execute(db);
        await sql`DROP TABLE IF EXISTS agents_fts_vocab`.execute(db);
        await sql`DROP TABLE IF EXISTS agents_fts`.execute(db);
        await sql`CREATE TRIGGER agents_search_insert AFTER INSERT ON agents BEGIN
          INSERT INTO agent_search_changes (agent_id) VALUES (new.id);
        END`.execute(db);
        await sql`CREATE TRIGGER agents_search_delete AFTER DELETE ON agents BEGIN
          INSERT INTO agent_search_changes (agent_id) VALUES (old.id);
        END`.execute(db);
        await sql`CREATE TRIGGER agents_search_update AFTER UPDATE OF ${sql.raw(INDEXED_COLUMNS)} ON agents BEGIN
          INSERT INTO agent_search_changes (agent_id) VALUES (new.id);
        END`.execute(db);
        return;
      }
      await db.schema
        .createTable('agent_search_changes')
        .addColumn('seq', 'bigserial', (col) => col.primaryKey())
        .addColumn('agent_id', 'integer', (col) => col.notNull())
        .execute();
      await sql`DROP INDEX IF EXISTS agents_search_idx`.execute(db);
      await sql`ALTER TABLE agents DROP COLUMN IF EXISTS search_vector`.execute(db);
      await sql`CREATE FUNCTION agents_search_change() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF TG_OP = 'DELETE' THEN
            INSERT INTO agent_search_changes (agent_id) VALUES (OLD.id);
          ELSE
            INSERT INTO agent_search_changes (agent_id) VALUES (NEW.id);
          END IF;
          RETURN NULL;
        END
      $$`.execute(db);
      await sql`CREATE TRIGGER agents_search_change
        AFTER INSERT OR DELETE OR UPDATE OF ${sql.raw(INDEXED_COLUMNS)} ON agents
        FOR EACH ROW EXECUTE FUNCTION agents_search_change()`.execute(db);
    },

    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
    async down(db: Kysely<any>) {
      if (dialect === 'sqlite') {
        for (const trigger of ['agents_search_insert', 'agents_search_delete', 'agents_search_update'])
          await sql`DROP TRIGGER IF EXISTS ${sql.raw(trigger)}`.execute(db);
        await db.schema.dropTable('agent_search_changes').execute();
        await createFullTextSearch(db, dialect);
        await sql`INSERT INTO agents_fts (agents_fts) VALUES ('rebuild')`.execute(db);
        return;
      }
      await sql`DROP TRIGGER IF EXISTS agents_search_change ON agents`.execute(db);
      await sql`DROP FUNCTION IF EXISTS agents_search_change()`.execute(db);
      await db.schema.dropTable('agent_search_changes').execute();
      await createFullTextSearch(db, dialect);
    },
  };
}
