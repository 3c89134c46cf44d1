import type { Db, Executor } from '../../db/database.js';
import type { PolicyChangelogTable, PolicyMembersTable, PolicyViewsTable } from '../../db/schema.js';

export type PolicyViewRow = Omit<PolicyViewsTable, 'id'> & { id: number };
export type PolicyMemberRow = PolicyMembersTable;
export type ChangelogRow = Omit<PolicyChangelogTable, 'id'> & { id: number };

/** Rows per multi-row statement: well under SQLite's and PostgreSQL's limits on bound values. */
const WRITE_CHUNK = 500;

/** How many changelog entries one answer holds, newest first. */
export const CHANGELOG_SHOWN = 500;

export function createPoliciesRepo(db: Db) {
  const k = db.kysely;
  return {
    findBySlug(slug: string, trx: Executor = k): Promise<PolicyViewRow | undefined> {
      return trx.selectFrom('policy_views').selectAll().where('slug', '=', slug).executeTakeFirst();
    },

    listByOwner(ownerId: number): Promise<PolicyViewRow[]> {
      return k
        .selectFrom('policy_views')
        .selectAll()
        .where('owner_id', '=', ownerId)
        .orderBy('slug')
        .execute();
    },

    listIds(): Promise<Array<{ id: number; slug: string }>> {
      return k.selectFrom('policy_views').select(['id', 'slug']).orderBy('id').execute();
    },

    /** The new view, or undefined when its slug is taken. */
    async insert(
      values: Omit<PolicyViewRow, 'id' | 'evaluated_at' | 'lease_until'>,
    ): Promise<PolicyViewRow | undefined> {
      return k
        .insertInto('policy_views')
        .values(values)
        .onConflict((conflict) => conflict.column('slug').doNothing())
        .returningAll()
        .executeTakeFirst();
    },

    async update(id: number, values: Pick<PolicyViewRow, 'name' | 'rules' | 'approval' | 'updated_at'>) {
      return k
        .updateTable('policy_views')
        .set(values)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async delete(id: number) {
      await k.deleteFrom('policy_views').where('id', '=', id).execute();
    },

    /** Takes the view's evaluation for this instance unless another holds it; false then. */
    async claimEvaluation(id: number, now: string, leaseUntil: string): Promise<boolean> {
      const result = await k
        .updateTable('policy_views')
        .set({ lease_until: leaseUntil })
        .where('id', '=', id)
        .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async finishEvaluation(id: number, at: string, trx: Executor) {
      await trx
        .updateTable('policy_views')
        .set({ evaluated_at: at, lease_until: null })
        .where('id', '=', id)
        .execute();
    },

    async releaseEvaluation(id: number) {
      await k.updateTable('policy_views').set({ lease_until: null }).where('id', '=', id).execute();
    },

    members(viewId: number, trx: Executor = k): Promise<PolicyMemberRow[]> {
      return trx.selectFrom('policy_members').selectAll().where('view_id', '=', viewId).execute();
    },

    async countMembers(viewIds: number[]) {
      if (viewIds.length === 0) return [];
      return k
        .selectFrom('policy_members')
        .select(['view_id', 'state', (eb) => eb.fn.countAll<number>().as('count')])
        .where('view_id', 'in', viewIds)
        .groupBy(['view_id', 'state'])
        .execute();
    },

    /** Writes these members as they are now (a batch per statement: a first evaluation writes them all). */
    async upsertMembers(members: PolicyMemberRow[], trx: Executor) {
      for (let i = 0; i < members.length; i += WRITE_CHUNK)
        await trx
          .insertInto('policy_members')
          .values(members.slice(i, i + WRITE_CHUNK))
          .onConflict((conflict) =>
            conflict.columns(['view_id', 'agent_id']).doUpdateSet((eb) => ({
              state: eb.ref('excluded.state'),
              pinned_hash: eb.ref('excluded.pinned_hash'),
              queued_hash: eb.ref('excluded.queued_hash'),
              reason: eb.ref('excluded.reason'),
              since: eb.ref('excluded.since'),
            })),
          )
          .execute();
    },

    async deleteMembers(viewId: number, agentIds: number[], trx: Executor) {
      for (let i = 0; i < agentIds.length; i += WRITE_CHUNK)
        await trx
          .deleteFrom('policy_members')
          .where('view_id', '=', viewId)
          .where('agent_id', 'in', agentIds.slice(i, i + WRITE_CHUNK))
          .execute();
    },

    async insertChangelog(entries: Array<Omit<ChangelogRow, 'id'>>, trx: Executor) {
      if (entries.length === 0) return;
      for (let i = 0; i < entries.length; i += 500)
        await trx
          .insertInto('policy_changelog')
          .values(entries.slice(i, i + 500))
          .execute();
    },

    changelog(viewId: number): Promise<ChangelogRow[]> {
      return k
        .selectFrom('policy_changelog')
        .selectAll()
        .where('view_id', '=', viewId)
        .orderBy('id', 'desc')
        .limit(CHANGELOG_SHOWN)
        .execute();
    },
  };
}

export type PoliciesRepo = ReturnType<typeof createPoliciesRepo>;
