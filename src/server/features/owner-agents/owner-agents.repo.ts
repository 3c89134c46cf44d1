import type { Db, Executor } from '../../db/database.js';
import type { AgentRevisionsTable, AgentsTable } from '../../db/schema.js';
import type { ListingColumns } from '../submissions/submissions.repo.js';

/**
 * An agent as its owner and the moderators see it: every column the owner pages and the queue show.
 * Also the base of the moderation queue's reads (admin/moderation.repo.ts).
 */
export function selectOwnerAgents(trx: Executor) {
  return trx
    .selectFrom('agents')
    .innerJoin('categories', 'categories.id', 'agents.category_id')
    .select((eb) => [
      'agents.id',
      'agents.slug',
      'agents.owner_id',
      'agents.category_id',
      'agents.name',
      'agents.tagline',
      'agents.description',
      'agents.tags',
      'agents.website_url',
      'agents.repo_url',
      'agents.docs_url',
      'agents.mcp_url',
      'agents.agent_card_url',
      'agents.pricing',
      'agents.logo_url',
      'agents.logo_file_id',
      'agents.github_repo',
      'agents.github_stars',
      'agents.license',
      'agents.status',
      'agents.verified',
      'agents.rating_average',
      'agents.rating_count',
      'agents.reputation_score',
      'agents.favorites_count',
      'agents.views_count',
      'agents.rejection_reason',
      'agents.created_at',
      'agents.updated_at',
      'agents.published_at',
      'agents.submitted_at',
      'categories.slug as category_slug',
      'categories.name as category_name',
      eb
        .exists(
          eb
            .selectFrom('agent_revisions')
            .select('agent_revisions.id')
            .whereRef('agent_revisions.agent_id', '=', 'agents.id')
            .where('agent_revisions.status', '=', 'pending'),
        )
        .as('has_pending_revision'),
      // Reports about the listing itself (not its reviews) still waiting for an admin; never who sent them.
      eb
        .selectFrom('reports')
        .select((count) => count.fn.countAll<number>().as('count'))
        .whereRef('reports.agent_id', '=', 'agents.id')
        .where('reports.review_id', 'is', null)
        .where('reports.status', '=', 'open')
        .as('open_reports'),
    ]);
}

export type OwnerAgentRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof selectOwnerAgents>['executeTakeFirst']>>
>;

/** Revisions waiting for review, each with its logo's storage key. */
export function selectPendingRevisions(trx: Executor) {
  return trx
    .selectFrom('agent_revisions')
    .leftJoin('files', 'files.id', 'agent_revisions.logo_file_id')
    .select([
      'agent_revisions.id',
      'agent_revisions.agent_id',
      'agent_revisions.author_id',
      'agent_revisions.data',
      'agent_revisions.logo_file_id',
      'agent_revisions.created_at',
      'files.storage_key as logo_storage_key',
    ])
    .where('agent_revisions.status', '=', 'pending');
}

export type PendingRevisionRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof selectPendingRevisions>['executeTakeFirst']>>
>;

/** An owner's listings and their pending revisions. */
export function createOwnerAgentsRepo(db: Db) {
  return {
    async findById(id: number, trx: Executor = db.kysely): Promise<OwnerAgentRow | null> {
      return (await selectOwnerAgents(trx).where('agents.id', '=', id).executeTakeFirst()) ?? null;
    },

    /** The owner's agents in every status, newest first. */
    async findAllOfOwner(ownerId: number, trx: Executor = db.kysely): Promise<OwnerAgentRow[]> {
      return selectOwnerAgents(trx)
        .where('agents.owner_id', '=', ownerId)
        .orderBy('agents.created_at', 'desc')
        .orderBy('agents.id', 'desc')
        .execute();
    },

    async countOfOwner(ownerId: number, trx: Executor = db.kysely): Promise<number> {
      const row = await trx
        .selectFrom('agents')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('owner_id', '=', ownerId)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async updateListing(
      id: number,
      values: Partial<ListingColumns> &
        Partial<Pick<AgentsTable, 'status' | 'rejection_reason' | 'submitted_at'>> & {
          updated_at: string;
        },
      trx: Executor = db.kysely,
    ): Promise<void> {
      await trx.updateTable('agents').set(values).where('id', '=', id).execute();
    },

    /** The revision of an agent waiting for review, with its logo's storage key. */
    async findPendingRevision(
      agentId: number,
      trx: Executor = db.kysely,
    ): Promise<PendingRevisionRow | null> {
      return (
        (await selectPendingRevisions(trx)
          .where('agent_revisions.agent_id', '=', agentId)
          .orderBy('agent_revisions.id', 'desc')
          .executeTakeFirst()) ?? null
      );
    },

    /** A new pending revision replaces any earlier one of the same agent: only the latest edit is reviewed. */
    async replacePendingRevision(
      values: Pick<AgentRevisionsTable, 'agent_id' | 'author_id' | 'data' | 'logo_file_id' | 'created_at'>,
      trx: Executor = db.kysely,
    ): Promise<number> {
      await trx
        .deleteFrom('agent_revisions')
        .where('agent_id', '=', values.agent_id)
        .where('status', '=', 'pending')
        .execute();
      const row = await trx
        .insertInto('agent_revisions')
        .values({ ...values, status: 'pending' })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
  };
}

export type OwnerAgentsRepo = ReturnType<typeof createOwnerAgentsRepo>;
