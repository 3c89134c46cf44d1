import type { Migration } from 'kysely';
import type { Dialect } from '../database.js';
import { tableWithId, type AnyDb } from './table-with-id.js';

const GITHUB_REPO_URL =
  /^https?:\/\/(?:www\.)?github\.com\/([A-Za-z0-9-]{1,39}\/[A-Za-z0-9._-]{1,100}?)(?:\.git)?\/?$/;

/** Submissions: drafts, revisions of live listings, the timeline, uploaded files and GitHub connections. */
export function submissionsMigration(dialect: Dialect): Migration {
  const id = tableWithId(dialect);

  return {
    async up(db: AnyDb) {
      await id(db, 'files')
        .addColumn('owner_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
        .addColumn('storage_key', 'text', (col) => col.notNull().unique())
        .addColumn('content_type', 'text', (col) => col.notNull())
        .addColumn('size', 'integer', (col) => col.notNull())
        .addColumn('width', 'integer', (col) => col.notNull())
        .addColumn('height', 'integer', (col) => col.notNull())
        .addColumn('original_name', 'text')
        .addColumn('created_at', 'text', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('files_owner_idx').on('files').column('owner_id').execute();
      await db.schema.createIndex('files_created_idx').on('files').column('created_at').execute();

      // SQLite adds one column per statement.
      const agentColumns: Array<[string, 'text' | 'integer']> = [
        ['github_repo', 'text'],
        ['license', 'text'],
        ['github_stars', 'integer'],
        ['rejection_reason', 'text'],
        ['submitted_at', 'text'],
      ];
      for (const [name, type] of agentColumns) {
        await db.schema.alterTable('agents').addColumn(name, type).execute();
      }
      await db.schema
        .alterTable('agents')
        .addColumn('logo_file_id', 'integer', (col) => col.references('files.id').onDelete('set null'))
        .execute();
      await db.schema.createIndex('agents_github_repo_idx').on('agents').column('github_repo').execute();
      await db.schema.createIndex('agents_logo_file_idx').on('agents').column('logo_file_id').execute();
      await db.schema
        .createIndex('agents_status_submitted_idx')
        .on('agents')
        .columns(['status', 'submitted_at'])
        .execute();

      // Listings that name a GitHub repository by URL get the owner/name key duplicates are checked by.
      const withRepos = await db
        .selectFrom('agents')
        .select(['id', 'repo_url'])
        .where('repo_url', 'is not', null)
        .execute();
      for (const row of withRepos as Array<{ id: number; repo_url: string }>) {
        const match = GITHUB_REPO_URL.exec(row.repo_url);
        if (match?.[1])
          await db
            .updateTable('agents')
            .set({ github_repo: match[1].toLowerCase() })
            .where('id', '=', row.id)
            .execute();
      }

      await id(db, 'drafts')
        .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('data', 'text', (col) => col.notNull().defaultTo('{}'))
        .addColumn('logo_file_id', 'integer', (col) => col.references('files.id').onDelete('set null'))
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('updated_at', 'text', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('drafts_user_idx')
        .on('drafts')
        .columns(['user_id', 'updated_at'])
        .execute();
      await db.schema.createIndex('drafts_logo_file_idx').on('drafts').column('logo_file_id').execute();

      await id(db, 'agent_revisions')
        .addColumn('agent_id', 'integer', (col) => col.notNull().references('agents.id').onDelete('cascade'))
        .addColumn('author_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
        .addColumn('data', 'text', (col) => col.notNull())
        .addColumn('logo_file_id', 'integer', (col) => col.references('files.id').onDelete('set null'))
        .addColumn('status', 'text', (col) => col.notNull().defaultTo('pending'))
        .addColumn('reason', 'text')
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('decided_at', 'text')
        .addColumn('decided_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
        .execute();
      await db.schema
        .createIndex('agent_revisions_agent_idx')
        .on('agent_revisions')
        .columns(['agent_id', 'status'])
        .execute();
      await db.schema
        .createIndex('agent_revisions_status_idx')
        .on('agent_revisions')
        .columns(['status', 'created_at'])
        .execute();
      await db.schema
        .createIndex('agent_revisions_logo_file_idx')
        .on('agent_revisions')
        .column('logo_file_id')
        .execute();

      await id(db, 'agent_events')
        .addColumn('agent_id', 'integer', (col) => col.notNull().references('agents.id').onDelete('cascade'))
        .addColumn('actor_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
        .addColumn('actor', 'text', (col) => col.notNull())
        .addColumn('kind', 'text', (col) => col.notNull())
        .addColumn('message', 'text')
        .addColumn('created_at', 'text', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('agent_events_agent_idx')
        .on('agent_events')
        .columns(['agent_id', 'created_at'])
        .execute();

      await db.schema
        .createTable('github_connections')
        .addColumn('user_id', 'integer', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('github_user_id', 'text', (col) => col.notNull())
        .addColumn('login', 'text', (col) => col.notNull())
        .addColumn('access_token_enc', 'text', (col) => col.notNull())
        .addColumn('refresh_token_enc', 'text')
        .addColumn('token_expires_at', 'text')
        .addColumn('scope', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('updated_at', 'text', (col) => col.notNull())
        .execute();
    },
  };
}
