import { sql } from 'kysely';
import type { Db, Executor } from '../../db/database.js';
import { allOf } from '../../lib/all-of.js';
import {
  selectOwnerAgents,
  selectPendingRevisions,
  type OwnerAgentRow,
  type PendingRevisionRow,
} from '../owner-agents/owner-agents.repo.js';

/** The queue is worked oldest first; more than this at once is not something a page can show. */
const QUEUE_LIMIT = 200;

export type OwnerRow = {
  id: number;
  email: string;
  username: string;
  first_name: string | null;
  last_name: string | null;
  full_name: string | null;
  is_anonymous: number;
  github_login: string | null;
};

type Counted = 'users' | 'agents' | 'reviews' | 'reports';

const countAll = sql<number>`count(*)`.as('count');
const total = async (query: { executeTakeFirstOrThrow(): Promise<{ count: number }> }) =>
  Number((await query.executeTakeFirstOrThrow()).count);

/** Rows per UTC day since `sinceIso` (ISO times sort as text, and their first ten characters are the day). */
async function perDay(
  trx: Executor,
  table: Counted,
  column: 'created_at' | 'submitted_at',
  sinceIso: string,
) {
  const day = sql<string>`substr(${sql.ref(column)}, 1, 10)`;
  const rows = await trx
    .selectFrom(table)
    .select([day.as('day'), countAll])
    .where(sql.ref(column), '>=', sinceIso)
    .groupBy(day)
    .execute();
  return new Map(rows.map((row) => [row.day, Number(row.count)]));
}

/** The moderation queue, the decisions on it, and the admin figures. */
export function createModerationRepo(db: Db) {
  return {
    async findPendingAgents(trx: Executor = db.kysely): Promise<OwnerAgentRow[]> {
      return selectOwnerAgents(trx)
        .where('agents.status', '=', 'pending')
        .orderBy('agents.submitted_at')
        .orderBy('agents.id')
        .limit(QUEUE_LIMIT)
        .execute();
    },

    async findPendingRevisions(trx: Executor = db.kysely): Promise<PendingRevisionRow[]> {
      return selectPendingRevisions(trx)
        .orderBy('agent_revisions.created_at')
        .orderBy('agent_revisions.id')
        .limit(QUEUE_LIMIT)
        .execute();
    },

    async findAgentsByIds(ids: number[], trx: Executor = db.kysely): Promise<OwnerAgentRow[]> {
      if (ids.length === 0) return [];
      return selectOwnerAgents(trx).where('agents.id', 'in', ids).execute();
    },

    /** Owners by id, with the GitHub login of their repository connection (else of their GitHub sign-in). */
    async findOwners(ids: number[], trx: Executor = db.kysely): Promise<Map<number, OwnerRow>> {
      if (ids.length === 0) return new Map();
      const rows = await trx
        .selectFrom('users')
        .select([
          'id',
          'email',
          'username',
          'first_name',
          'last_name',
          'full_name',
          'is_anonymous',
          'github_login',
        ])
        .where('id', 'in', [...new Set(ids)])
        .execute();
      const connections = await trx
        .selectFrom('github_connections')
        .select(['user_id', 'login'])
        .where('user_id', 'in', [...new Set(ids)])
        .execute();
      const connected = new Map(connections.map((row) => [row.user_id, row.login]));
      return new Map(
        rows.map((row) => [row.id, { ...row, github_login: connected.get(row.id) ?? row.github_login }]),
      );
    },

    /** Marks a pending revision decided; false when it was decided already (a second click, another admin). */
    async decideRevision(
      id: number,
      decision: { status: 'approved' | 'rejected'; reason: string | null; decidedBy: number; at: string },
      trx: Executor = db.kysely,
    ): Promise<boolean> {
      const result = await trx
        .updateTable('agent_revisions')
        .set({
          status: decision.status,
          reason: decision.reason,
          decided_at: decision.at,
          decided_by: decision.decidedBy,
        })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Moves a new submission out of the queue; false when it is no longer pending. */
    async decideNewAgent(
      id: number,
      decision: { status: 'published'; at: string } | { status: 'rejected'; reason: string; at: string },
      trx: Executor = db.kysely,
    ): Promise<boolean> {
      const result = await trx
        .updateTable('agents')
        .set(
          decision.status === 'published'
            ? {
                status: 'published',
                published_at: decision.at,
                updated_at: decision.at,
                rejection_reason: null,
              }
            : { status: 'rejected', rejection_reason: decision.reason, updated_at: decision.at },
        )
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async statsFigures(sinceIso: string, trx: Executor = db.kysely) {
      const users = () => trx.selectFrom('users').select(countAll).where('deleted_at', 'is', null);
      const agents = () => trx.selectFrom('agents').select(countAll);
      const reviews = () => trx.selectFrom('reviews').select(countAll);
      const reports = () => trx.selectFrom('reports').select(countAll);
      return allOf({
        usersTotal: total(users()),
        usersRecent: total(users().where('created_at', '>=', sinceIso)),
        pending: total(agents().where('status', '=', 'pending')),
        published: total(agents().where('status', '=', 'published')),
        rejected: total(agents().where('status', '=', 'rejected')),
        verified: total(agents().where('verified', '=', 1)),
        pendingRevisions: total(
          trx.selectFrom('agent_revisions').select(countAll).where('status', '=', 'pending'),
        ),
        submittedRecent: total(agents().where('submitted_at', '>=', sinceIso)),
        reviewsTotal: total(reviews()),
        reviewsRecent: total(reviews().where('created_at', '>=', sinceIso)),
        reportsOpen: total(reports().where('status', '=', 'open')),
        reportsRecent: total(reports().where('created_at', '>=', sinceIso)),
        // Closed either way (resolved or dismissed): what the moderators got through.
        reportsResolvedRecent: total(reports().where('resolved_at', '>=', sinceIso)),
        usersDaily: perDay(trx, 'users', 'created_at', sinceIso),
        agentsDaily: perDay(trx, 'agents', 'submitted_at', sinceIso),
        reviewsDaily: perDay(trx, 'reviews', 'created_at', sinceIso),
        reportsDaily: perDay(trx, 'reports', 'created_at', sinceIso),
      });
    },
  };
}

export type ModerationRepo = ReturnType<typeof createModerationRepo>;
