import type { Db, Executor } from '../../db/database.js';
import type { NotificationsTable } from '../../db/schema.js';

export function createNotificationsRepo(db: Db) {
  const k = db.kysely;
  return {
    async insert(
      executor: Executor,
      values: Pick<NotificationsTable, 'user_id' | 'type' | 'title' | 'message' | 'link'>,
    ) {
      return executor
        .insertInto('notifications')
        .values({ ...values, read: 0, created_at: new Date().toISOString() })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async findPage(options: { userId: number; read?: boolean; limit: number; offset: number }) {
      let query = k.selectFrom('notifications').selectAll().where('user_id', '=', options.userId);
      if (options.read !== undefined) query = query.where('read', '=', options.read ? 1 : 0);
      return query
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(options.limit)
        .offset(options.offset)
        .execute();
    },

    async count(options: { userId: number; read?: boolean }) {
      let query = k
        .selectFrom('notifications')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('user_id', '=', options.userId);
      if (options.read !== undefined) query = query.where('read', '=', options.read ? 1 : 0);
      return Number((await query.executeTakeFirstOrThrow()).count);
    },

    /** Marks one of the user's notifications read; null when it is not theirs (or does not exist). */
    async markRead(userId: number, id: number) {
      return (
        (await k
          .updateTable('notifications')
          .set({ read: 1 })
          .where('id', '=', id)
          .where('user_id', '=', userId)
          .returningAll()
          .executeTakeFirst()) ?? null
      );
    },

    async markAllRead(userId: number) {
      const result = await k
        .updateTable('notifications')
        .set({ read: 1 })
        .where('user_id', '=', userId)
        .where('read', '=', 0)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
  };
}

export type NotificationsRepo = ReturnType<typeof createNotificationsRepo>;
