import type { Db, Executor } from '../../db/database.js';
import type { AgentsTable, DraftsTable, NewAgent } from '../../db/schema.js';

/** A draft with its logo's storage key (null when no logo or the file is gone). */
function selectDrafts(trx: Executor) {
  return trx
    .selectFrom('drafts')
    .leftJoin('files', 'files.id', 'drafts.logo_file_id')
    .select([
      'drafts.id',
      'drafts.user_id',
      'drafts.data',
      'drafts.logo_file_id',
      'drafts.created_at',
      'drafts.updated_at',
      'files.storage_key as logo_storage_key',
    ]);
}

export type DraftWithLogo = NonNullable<
  Awaited<ReturnType<ReturnType<typeof selectDrafts>['executeTakeFirst']>>
>;

/** The agent columns a listing's fields fill. */
export type ListingColumns = Pick<
  AgentsTable,
  | 'name'
  | 'tagline'
  | 'description'
  | 'category_id'
  | 'tags'
  | 'website_url'
  | 'repo_url'
  | 'docs_url'
  | 'mcp_url'
  | 'agent_card_url'
  | 'pricing'
  | 'logo_url'
  | 'logo_file_id'
  | 'github_repo'
  | 'license'
>;

/** Drafts, and what submitting one reads and writes: the new agent, its slug, category and repository. */
export function createSubmissionsRepo(db: Db) {
  return {
    async findDraftsOfUser(userId: number, trx: Executor = db.kysely): Promise<DraftWithLogo[]> {
      return selectDrafts(trx)
        .where('drafts.user_id', '=', userId)
        .orderBy('drafts.updated_at', 'desc')
        .orderBy('drafts.id', 'desc')
        .execute();
    },

    async findDraft(id: number, trx: Executor = db.kysely): Promise<DraftWithLogo | null> {
      return (await selectDrafts(trx).where('drafts.id', '=', id).executeTakeFirst()) ?? null;
    },

    async countDraftsOfUser(userId: number, trx: Executor = db.kysely): Promise<number> {
      const row = await trx
        .selectFrom('drafts')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async insertDraft(
      values: Pick<DraftsTable, 'user_id' | 'data' | 'logo_file_id' | 'created_at' | 'updated_at'>,
      trx: Executor = db.kysely,
    ): Promise<number> {
      const row = await trx.insertInto('drafts').values(values).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },

    async updateDraft(
      id: number,
      values: Pick<DraftsTable, 'data' | 'logo_file_id' | 'updated_at'>,
      trx: Executor = db.kysely,
    ): Promise<void> {
      await trx.updateTable('drafts').set(values).where('id', '=', id).execute();
    },

    /** Deletes the user's draft; false when there was none of theirs. */
    async deleteDraft(id: number, userId: number, trx: Executor = db.kysely): Promise<boolean> {
      const result = await trx
        .deleteFrom('drafts')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },

    async insertAgent(values: NewAgent, trx: Executor = db.kysely): Promise<number> {
      const row = await trx.insertInto('agents').values(values).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },

    /** The slugs taken by `base` itself and by `base-…`, for choosing a free one. */
    async findSlugsLike(base: string, trx: Executor = db.kysely): Promise<string[]> {
      const rows = await trx
        .selectFrom('agents')
        .select('slug')
        .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)]))
        .execute();
      return rows.map((row) => row.slug);
    },

    /** The listing (not rejected, not `excludeAgentId`) that names this repository, or null. */
    async findListingWithRepo(
      githubRepo: string,
      excludeAgentId: number | null = null,
      trx: Executor = db.kysely,
    ): Promise<{ id: number; name: string } | null> {
      let query = trx
        .selectFrom('agents')
        .select(['id', 'name'])
        .where('github_repo', '=', githubRepo)
        .where('status', '!=', 'rejected');
      if (excludeAgentId !== null) query = query.where('id', '!=', excludeAgentId);
      return (await query.executeTakeFirst()) ?? null;
    },

    /** Categories by slug (id, slug, name), for the slugs that exist. */
    async findCategoriesBySlug(slugs: string[], trx: Executor = db.kysely) {
      if (slugs.length === 0) return new Map<string, { id: number; slug: string; name: string }>();
      const rows = await trx
        .selectFrom('categories')
        .select(['id', 'slug', 'name'])
        .where('slug', 'in', [...new Set(slugs)])
        .execute();
      return new Map(rows.map((row) => [row.slug, row]));
    },
  };
}

export type SubmissionsRepo = ReturnType<typeof createSubmissionsRepo>;
