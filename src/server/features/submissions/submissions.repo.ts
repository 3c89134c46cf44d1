import type { Executor } from '../../db/database.js';
import type { AgentRevisionsTable, AgentsTable, NewAgent } from '../../db/schema.js';

/** An agent as its owner and the moderators see it: every column the owner pages and the queue show. */
export function ownerAgentQuery(executor: Executor) {
  return executor
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
    ]);
}

export type OwnerAgentRow = NonNullable<Awaited<ReturnType<typeof findAgent>>>;

export async function findAgent(executor: Executor, id: number) {
  return (await ownerAgentQuery(executor).where('agents.id', '=', id).executeTakeFirst()) ?? null;
}

export async function findAgentsOfOwner(executor: Executor, ownerId: number) {
  return ownerAgentQuery(executor)
    .where('agents.owner_id', '=', ownerId)
    .orderBy('agents.created_at', 'desc')
    .orderBy('agents.id', 'desc')
    .execute();
}

export async function insertAgent(executor: Executor, values: NewAgent): Promise<number> {
  const row = await executor.insertInto('agents').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

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
  | 'pricing'
  | 'logo_url'
  | 'logo_file_id'
  | 'github_repo'
  | 'license'
>;

export async function updateAgent(
  executor: Executor,
  id: number,
  values: Partial<ListingColumns> &
    Partial<Pick<AgentsTable, 'status' | 'rejection_reason' | 'submitted_at'>> & {
      updated_at: string;
    },
): Promise<void> {
  await executor.updateTable('agents').set(values).where('id', '=', id).execute();
}

/** Revisions waiting for review, each with its logo's storage key. */
export function pendingRevisionsQuery(executor: Executor) {
  return executor
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

/** The revision of an agent waiting for review, with its logo's storage key. */
export async function findPendingRevision(executor: Executor, agentId: number) {
  return (
    (await pendingRevisionsQuery(executor)
      .where('agent_revisions.agent_id', '=', agentId)
      .orderBy('agent_revisions.id', 'desc')
      .executeTakeFirst()) ?? null
  );
}

export type PendingRevisionRow = NonNullable<Awaited<ReturnType<typeof findPendingRevision>>>;

/** A new pending revision replaces any earlier one of the same agent: only the latest edit is reviewed. */
export async function replacePendingRevision(
  executor: Executor,
  values: Pick<AgentRevisionsTable, 'agent_id' | 'author_id' | 'data' | 'logo_file_id' | 'created_at'>,
): Promise<number> {
  await executor
    .deleteFrom('agent_revisions')
    .where('agent_id', '=', values.agent_id)
    .where('status', '=', 'pending')
    .execute();
  const row = await executor
    .insertInto('agent_revisions')
    .values({ ...values, status: 'pending' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Ids of the active admins, who hear about new submissions and revisions. */
export async function findAdminIds(executor: Executor): Promise<number[]> {
  const rows = await executor
    .selectFrom('users')
    .select('id')
    .where('role', '=', 'admin')
    .where('deleted_at', 'is', null)
    .execute();
  return rows.map((row) => row.id);
}

export async function findCategoriesBySlug(executor: Executor, slugs: string[]) {
  if (slugs.length === 0) return new Map<string, { id: number; slug: string; name: string }>();
  const rows = await executor
    .selectFrom('categories')
    .select(['id', 'slug', 'name'])
    .where('slug', 'in', [...new Set(slugs)])
    .execute();
  return new Map(rows.map((row) => [row.slug, row]));
}
