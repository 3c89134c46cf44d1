import { sql } from 'kysely';
import type { HistoryKind } from '../../../shared/api/history.js';
import type { Db, Executor } from '../../db/database.js';
import { PUBLIC_NAME_COLUMNS } from '../users/public-name.js';

export type HistorySource = 'event' | 'review' | 'reply' | 'report';

export interface HistoryRow {
  source: HistorySource;
  rowId: number;
  agentId: number;
  agentName: string;
  agentSlug: string;
  agentStatus: string;
  kind: HistoryKind;
  actor: string;
  detail: string | null;
  rating: number | null;
  createdAt: string;
}

export interface HistoryFilter {
  /** The agents' owner; null reads any agent (an admin with one agentId). */
  ownerId: number | null;
  agentId?: number;
  kind?: HistoryKind;
}

const OTHER_SOURCES: Record<string, HistorySource> = {
  review: 'review',
  reply: 'reply',
  report_resolved: 'report',
};

/** The owner's history: agent_events, reviews received, the owner's replies and resolved reports. */
export function createHistoryRepo(db: Db) {
  const k = db.kysely;

  function union(filter: HistoryFilter) {
    const wanted = (source: HistorySource) =>
      filter.kind === undefined || (OTHER_SOURCES[filter.kind] ?? 'event') === source;
    const ownerClause = (alias: string) =>
      sql.join(
        [
          ...(filter.ownerId !== null ? [sql`${sql.ref(`${alias}.owner_id`)} = ${filter.ownerId}`] : []),
          ...(filter.agentId !== undefined ? [sql`${sql.ref(`${alias}.id`)} = ${filter.agentId}`] : []),
          sql`1 = 1`,
        ],
        sql` and `,
      );

    const parts = [];
    if (wanted('event'))
      parts.push(sql`
        select 'event' as source, e.id as row_id, a.id as agent_id, a.name as agent_name, a.slug as agent_slug,
          a.status as agent_status, e.kind as kind, e.actor as actor, e.message as detail,
          cast(null as integer) as rating, e.created_at as created_at
        from agent_events e join agents a on a.id = e.agent_id
        where ${ownerClause('a')} ${filter.kind !== undefined ? sql`and e.kind = ${filter.kind}` : sql``}`);
    if (wanted('review'))
      parts.push(sql`
        select 'review' as source, r.id as row_id, a.id as agent_id, a.name as agent_name, a.slug as agent_slug,
          a.status as agent_status, 'review' as kind, 'reviewer' as actor, r.title as detail,
          r.rating as rating, r.created_at as created_at
        from reviews r join agents a on a.id = r.agent_id
        where ${ownerClause('a')} and (a.owner_id is null or r.user_id <> a.owner_id)`);
    if (wanted('reply'))
      parts.push(sql`
        select 'reply' as source, r.id as row_id, a.id as agent_id, a.name as agent_name, a.slug as agent_slug,
          a.status as agent_status, 'reply' as kind, 'owner' as actor, r.owner_reply as detail,
          r.rating as rating, r.owner_reply_at as created_at
        from reviews r join agents a on a.id = r.agent_id
        where ${ownerClause('a')} and r.owner_reply_at is not null`);
    if (wanted('report'))
      parts.push(sql`
        select 'report' as source, p.id as row_id, a.id as agent_id, a.name as agent_name, a.slug as agent_slug,
          a.status as agent_status, 'report_resolved' as kind, 'admin' as actor, p.reason as detail,
          cast(null as integer) as rating, p.resolved_at as created_at
        from reports p join agents a on a.id = p.agent_id
        where ${ownerClause('a')} and p.status = 'resolved' and p.resolved_at is not null`);
    return sql.join(parts, sql` union all `);
  }

  return {
    async list(
      filter: HistoryFilter,
      page: { limit: number; offset: number },
      trx: Executor = k,
    ): Promise<{ rows: HistoryRow[]; totalCount: number }> {
      const all = union(filter);
      const [rows, count] = await Promise.all([
        sql<{
          source: HistorySource;
          row_id: number;
          agent_id: number;
          agent_name: string;
          agent_slug: string;
          agent_status: string;
          kind: HistoryKind;
          actor: string;
          detail: string | null;
          rating: number | null;
          created_at: string;
        }>`select * from (${all}) h order by created_at desc, source desc, row_id desc limit ${page.limit} offset ${page.offset}`.execute(
          trx,
        ),
        sql<{ count: number | string }>`select count(*) as count from (${all}) h`.execute(trx),
      ]);
      return {
        rows: rows.rows.map((row) => ({
          source: row.source,
          rowId: Number(row.row_id),
          agentId: Number(row.agent_id),
          agentName: row.agent_name,
          agentSlug: row.agent_slug,
          agentStatus: row.agent_status,
          kind: row.kind,
          actor: row.actor,
          detail: row.detail,
          rating: row.rating === null ? null : Number(row.rating),
          createdAt: row.created_at,
        })),
        totalCount: Number(count.rows[0]?.count ?? 0),
      };
    },

    /** The authors of reviews, for their public names. */
    async reviewAuthors(reviewIds: number[], trx: Executor = k) {
      if (reviewIds.length === 0) return [];
      return trx
        .selectFrom('reviews')
        .innerJoin('users', 'users.id', 'reviews.user_id')
        .select(['reviews.id as review_id', ...PUBLIC_NAME_COLUMNS])
        .where('reviews.id', 'in', reviewIds)
        .execute();
    },
  };
}

export type HistoryRepo = ReturnType<typeof createHistoryRepo>;
