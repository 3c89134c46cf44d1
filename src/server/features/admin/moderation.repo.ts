import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import { ownerAgentQuery, pendingRevisionsQuery } from '../submissions/submissions.repo.js';
import { allOf } from '../../lib/all-of.js';

/** The queue is worked oldest first; more than this at once is not something a page can show. */
const QUEUE_LIMIT = 200;

export async function findPendingAgents(executor: Executor) {
  return ownerAgentQuery(executor)
    .where('agents.status', '=', 'pending')
    .orderBy('agents.submitted_at')
    .orderBy('agents.id')
    .limit(QUEUE_LIMIT)
    .execute();
}

export async function findPendingRevisions(executor: Executor) {
  return pendingRevisionsQuery(executor)
    .orderBy('agent_revisions.created_at')
    .orderBy('agent_revisions.id')
    .limit(QUEUE_LIMIT)
    .execute();
}

export async function findAgentsByIds(executor: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  return ownerAgentQuery(executor).where('agents.id', 'in', ids).execute();
}

/** Owners by id, with the GitHub login of their repository connection (else of their GitHub sign-in). */
export async function findOwners(executor: Executor, ids: number[]): Promise<Map<number, OwnerRow>> {
  if (ids.length === 0) return new Map();
  const rows = await executor
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
  const connections = await executor
    .selectFrom('github_connections')
    .select(['user_id', 'login'])
    .where('user_id', 'in', [...new Set(ids)])
    .execute();
  const connected = new Map(connections.map((row) => [row.user_id, row.login]));
  return new Map(
    rows.map((row) => [row.id, { ...row, github_login: connected.get(row.id) ?? row.github_login }]),
  );
}

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

/** Marks a pending revision decided; false when it was decided already (a second click, another admin). */
export async function decideRevision(
  executor: Executor,
  id: number,
  decision: { status: 'approved' | 'rejected'; reason: string | null; decidedBy: number; at: string },
): Promise<boolean> {
  const result = await executor
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
}

/** Moves a new submission out of the queue; false when it is no longer pending. */
export async function decideNewAgent(
  executor: Executor,
  id: number,
  decision: { status: 'published'; at: string } | { status: 'rejected'; reason: string; at: string },
): Promise<boolean> {
  const result = await executor
    .updateTable('agents')
    .set(
      decision.status === 'published'
        ? { status: 'published', published_at: decision.at, updated_at: decision.at, rejection_reason: null }
        : { status: 'rejected', rejection_reason: decision.reason, updated_at: decision.at },
    )
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

type Counted = 'users' | 'agents' | 'reviews' | 'reports';

const countAll = sql<number>`count(*)`.as('count');
const total = async (query: { executeTakeFirstOrThrow(): Promise<{ count: number }> }) =>
  Number((await query.executeTakeFirstOrThrow()).count);

/** Rows per UTC day since `sinceIso` (ISO times sort as text, and their first ten characters are the day). */
async function perDay(
  executor: Executor,
  table: Counted,
  column: 'created_at' | 'submitted_at',
  sinceIso: string,
) {
  const day = sql<string>`substr(${sql.ref(column)}, 1, 10)`;
  const rows = await executor
    .selectFrom(table)
    .select([day.as('day'), countAll])
    .where(sql.ref(column), '>=', sinceIso)
    .groupBy(day)
    .execute();
  return new Map(rows.map((row) => [row.day, Number(row.count)]));
}

export async function statsFigures(executor: Executor, sinceIso: string) {
  const users = () => executor.selectFrom('users').select(countAll).where('deleted_at', 'is', null);
  const agents = () => executor.selectFrom('agents').select(countAll);
  const reviews = () => executor.selectFrom('reviews').select(countAll);
  const reports = () => executor.selectFrom('reports').select(countAll);
  return allOf({
    usersTotal: total(users()),
    usersRecent: total(users().where('created_at', '>=', sinceIso)),
    pending: total(agents().where('status', '=', 'pending')),
    published: total(agents().where('status', '=', 'published')),
    rejected: total(agents().where('status', '=', 'rejected')),
    verified: total(agents().where('verified', '=', 1)),
    pendingRevisions: total(
      executor.selectFrom('agent_revisions').select(countAll).where('status', '=', 'pending'),
    ),
    submittedRecent: total(agents().where('submitted_at', '>=', sinceIso)),
    reviewsTotal: total(reviews()),
    reviewsRecent: total(reviews().where('created_at', '>=', sinceIso)),
    reportsOpen: total(reports().where('status', '=', 'open')),
    reportsRecent: total(reports().where('created_at', '>=', sinceIso)),
    // Closed either way (resolved or dismissed): what the moderators got through.
    reportsResolvedRecent: total(reports().where('resolved_at', '>=', sinceIso)),
    usersDaily: perDay(executor, 'users', 'created_at', sinceIso),
    agentsDaily: perDay(executor, 'agents', 'submitted_at', sinceIso),
    reviewsDaily: perDay(executor, 'reviews', 'created_at', sinceIso),
    reportsDaily: perDay(executor, 'reports', 'created_at', sinceIso),
  });
}
