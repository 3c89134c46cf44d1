import { sql, type Kysely, type Selectable } from 'kysely';
import { FAVORITE_WEIGHT, TRENDING_SCORE_DECIMALS, trendingScore } from '../../../shared/rules/trending.js';
import type { Db, Executor } from '../../db/database.js';
import type { Database, NotificationsTable } from '../../db/schema.js';
import { agentSummaryColumns } from '../agents/agents.repo.js';

const columns = [
  'favorites.id as favorite_id',
  'favorites.agent_id',
  'favorites.tags as favorite_tags',
  'favorites.notes',
  'favorites.created_at as favorited_at',
  ...agentSummaryColumns,
] as const;

export function createFavoritesRepo(db: Db) {
  const k = db.kysely;
  const withAgent = (trx: Executor) =>
    trx
      .selectFrom('favorites')
      .innerJoin('agents', 'agents.id', 'favorites.agent_id')
      .innerJoin('categories', 'categories.id', 'agents.category_id')
      .select(columns);

  return {
    async findAllForUser(userId: number, trx: Executor = k) {
      return withAgent(trx)
        .where('favorites.user_id', '=', userId)
        .orderBy('favorites.created_at', 'desc')
        .orderBy('favorites.id', 'desc')
        .execute();
    },

    async findOne(where: { userId: number; id?: number; agentId?: number }, trx: Executor = k) {
      let query = withAgent(trx).where('favorites.user_id', '=', where.userId);
      if (where.id !== undefined) query = query.where('favorites.id', '=', where.id);
      if (where.agentId !== undefined) query = query.where('favorites.agent_id', '=', where.agentId);
      return (await query.executeTakeFirst()) ?? null;
    },

    /**
     * Adds the favorite, counts it in the day's activity and the agent's total, sets the trending score
     * that activity now gives, and inserts the owner's notification, all in one commit. Answers what the
     * statements returned, or null when the person had the favorite already (nothing is written then).
     * On PostgreSQL it is one statement (decision 0032); on SQLite, whose statements are calls in this
     * process, one transaction of several.
     */
    async add(input: NewFavorite): Promise<AddedFavorite | null> {
      return db.dialect === 'postgres' ? addInOneStatement(k, input) : addInTransaction(k, input);
    },

    async update(id: number, changes: { tags?: string; notes?: string | null }, trx: Executor = k) {
      // An UPDATE without a SET is a syntax error on both databases.
      if (Object.keys(changes).length === 0) return;
      await trx.updateTable('favorites').set(changes).where('id', '=', id).execute();
    },

    /**
     * Removes the person's favorite found by its id or its agent and takes it off the agent's total
     * (trending counts additions only); answers its agent, or null when there was none.
     */
    async remove(userId: number, where: { id: number } | { agentId: number }): Promise<number | null> {
      const matches = sql`user_id = ${userId} AND ${'id' in where ? sql`id = ${where.id}` : sql`agent_id = ${where.agentId}`}`;
      if (db.dialect === 'postgres') {
        const { rows } = await sql<{ agent_id: number }>`
          WITH removed AS (DELETE FROM favorites WHERE ${matches} RETURNING agent_id)
          UPDATE agents SET favorites_count = favorites_count - 1
          FROM removed WHERE agents.id = removed.agent_id
          RETURNING removed.agent_id
        `.execute(k);
        return rows[0]?.agent_id ?? null;
      }
      return k.transaction().execute(async (trx) => {
        const { rows } = await sql<{ agent_id: number }>`
          DELETE FROM favorites WHERE ${matches} RETURNING agent_id
        `.execute(trx);
        const agentId = rows[0]?.agent_id;
        if (agentId === undefined) return null;
        await trx
          .updateTable('agents')
          .set((eb) => ({ favorites_count: eb('favorites_count', '-', 1) }))
          .where('id', '=', agentId)
          .execute();
        return agentId;
      });
    },
  };
}

export interface NewFavorite {
  userId: number;
  agentId: number;
  now: string;
  /** The days of the trending window, today first, with their weights (trendingDayWeights). */
  trendingDays: ReadonlyArray<{ day: string; weight: number }>;
  /** The owner's notification, or null when nobody is told. */
  notification: Pick<NotificationsTable, 'user_id' | 'type' | 'title' | 'message' | 'link'> | null;
}

export interface AddedFavorite {
  favorite_id: number;
  favorite_tags: string;
  notes: string | null;
  favorited_at: string;
  favorites_count: number;
  notification: Selectable<NotificationsTable> | null;
}

/**
 * One data-modifying WITH: its parts see the rows as they were when it began, so the score adds today's
 * activity as the upsert returned it to the earlier days as they are stored. The weights come from the
 * shared rule (trendingDayWeights); rounded as trendingScore rounds.
 */
async function addInOneStatement(k: Kysely<Database>, input: NewFavorite): Promise<AddedFavorite | null> {
  const [today, ...earlier] = input.trendingDays;
  if (!today) throw new Error('the trending window has no days');
  const weightOfDay = sql.join(
    earlier.map(({ day, weight }) => sql`WHEN ${day} THEN CAST(${weight} AS double precision)`),
    sql` `,
  );
  const note = input.notification;
  const { rows } = await sql<
    Omit<AddedFavorite, 'notification'> & { notification: AddedFavorite['notification'] }
  >`
    WITH fav AS (
      INSERT INTO favorites (user_id, agent_id, tags, notes, created_at)
      VALUES (${input.userId}, ${input.agentId}, '[]', NULL, ${input.now})
      ON CONFLICT (user_id, agent_id) DO NOTHING
      RETURNING id, tags, notes, created_at
    ), activity AS (
      INSERT INTO agent_activity (agent_id, day, views, favorites)
      SELECT CAST(${input.agentId} AS integer), CAST(${today.day} AS text), 0, 1 FROM fav
      ON CONFLICT (agent_id, day) DO UPDATE SET favorites = agent_activity.favorites + 1
      RETURNING views, favorites
    ), counted AS (
      UPDATE agents SET
        favorites_count = favorites_count + 1,
        trending_score = round(CAST(
          (activity.views + ${FAVORITE_WEIGHT} * activity.favorites) * CAST(${today.weight} AS double precision)
          + (SELECT coalesce(sum((earlier.views + ${FAVORITE_WEIGHT} * earlier.favorites) * CASE earlier.day ${weightOfDay} END), 0)
             FROM agent_activity earlier
             WHERE earlier.agent_id = ${input.agentId} AND earlier.day IN (${sql.join(earlier.map(({ day }) => day))}))
        AS numeric), ${TRENDING_SCORE_DECIMALS})
      FROM activity
      WHERE agents.id = ${input.agentId}
      RETURNING agents.favorites_count
    )${
      note
        ? sql`, notified AS (
      INSERT INTO notifications (user_id, type, title, message, link, read, created_at)
      SELECT CAST(${note.user_id} AS integer), CAST(${note.type} AS text), CAST(${note.title} AS text),
        CAST(${note.message} AS text), CAST(${note.link} AS text), 0, CAST(${input.now} AS text)
      FROM fav
      RETURNING *
    )`
        : sql``
    }
    SELECT fav.id AS favorite_id, fav.tags AS favorite_tags, fav.notes, fav.created_at AS favorited_at,
      counted.favorites_count,
      ${note ? sql`(SELECT row_to_json(notified) FROM notified)` : sql`NULL`} AS notification
    FROM fav CROSS JOIN counted
  `.execute(k);
  return rows[0] ?? null;
}

async function addInTransaction(k: Kysely<Database>, input: NewFavorite): Promise<AddedFavorite | null> {
  return k.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('favorites')
      .values({
        user_id: input.userId,
        agent_id: input.agentId,
        tags: '[]',
        notes: null,
        created_at: input.now,
      })
      .onConflict((oc) => oc.columns(['user_id', 'agent_id']).doNothing())
      .returning(['id as favorite_id', 'tags as favorite_tags', 'notes', 'created_at as favorited_at'])
      .executeTakeFirst();
    if (!inserted) return null;
    const today = input.trendingDays[0]!.day;
    // The activity row before the agent's, as the view flush writes them, so two writers never wait
    // on each other in opposite orders.
    await trx
      .insertInto('agent_activity')
      .values({ agent_id: input.agentId, day: today, views: 0, favorites: 1 })
      .onConflict((oc) =>
        oc
          .columns(['agent_id', 'day'])
          .doUpdateSet((eb) => ({ favorites: eb('agent_activity.favorites', '+', 1) })),
      )
      .execute();
    const activity = await trx
      .selectFrom('agent_activity')
      .select(['day', 'views', 'favorites'])
      .where('agent_id', '=', input.agentId)
      .where(
        'day',
        'in',
        input.trendingDays.map(({ day }) => day),
      )
      .execute();
    const { favorites_count } = await trx
      .updateTable('agents')
      .set((eb) => ({
        favorites_count: eb('favorites_count', '+', 1),
        trending_score: trendingScore(activity, today),
      }))
      .where('id', '=', input.agentId)
      .returning('favorites_count')
      .executeTakeFirstOrThrow();
    const notification = input.notification
      ? await trx
          .insertInto('notifications')
          .values({ ...input.notification, read: 0, created_at: input.now })
          .returningAll()
          .executeTakeFirstOrThrow()
      : null;
    return { ...inserted, favorites_count, notification };
  });
}

export type FavoritesRepo = ReturnType<typeof createFavoritesRepo>;
export type FavoriteRow = NonNullable<Awaited<ReturnType<FavoritesRepo['findOne']>>>;
