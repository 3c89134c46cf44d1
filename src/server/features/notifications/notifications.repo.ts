import type { Db, Executor } from '../../db/database.js';
import type { NotificationsTable } from '../../db/schema.js';

export function createNotificationsRepo(db: Db) {
  const k = db.kysely;
  return {
    async insert(
      values: Pick<NotificationsTable, 'user_id' | 'type' | 'title' | 'message' | 'link'>,
      trx: Executor = k,
    ) {
      return trx
        .insertInto('notifications')
        .values({ ...values, read: 0, created_at: new Date().toISOString() })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async findPage(
      options: { userId: number; read?: boolean; limit: number; offset: number },
      trx: Executor = k,
    ) {
      let query = trx.selectFrom('notifications').selectAll().where('user_id', '=', options.userId);
      if (options.read !== undefined) query = query.where('read', '=', options.read ? 1 : 0);
      return query
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(options.limit)
        .offset(options.offset)
        .execute();
    },

    async count(options: { userId: number; read?: boolean }, trx: Executor = k) {
      let query = trx
        .selectFrom('notifications')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('user_id', '=', options.userId);
      if (options.read !== undefined) query = query.where('read', '=', options.read ? 1 : 0);
      return Number((await query.executeTakeFirstOrThrow()).count);
    },

    /** Marks one of the user's notifications read; null when it is not theirs (or does not exist). */
    async markRead(userId: number, id: number, trx: Executor = k) {
      return (
        (await trx
          .updateTable('notifications')
          .set({ read: 1 })
          .where('id', '=', id)
          .where('user_id', '=', userId)
          .returningAll()
          .executeTakeFirst()) ?? null
      );
    },

    async markAllRead(userId: number, trx: Executor = k) {
      const result = await trx
        .updateTable('notifications')
        .set({ read: 1 })
        .where('user_id', '=', userId)
        .where('read', '=', 0)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** Active (not deleted) users: every one, or those of the listed ids. */
    async findActiveUserIds(userIds?: number[], trx: Executor = k): Promise<number[]> {
      let query = trx.selectFrom('users').select('id').where('deleted_at', 'is', null);
      if (userIds) query = query.where('id', 'in', userIds.length ? userIds : [0]);
      return (await query.execute()).map((row) => row.id);
    },

    /** Stores one notification per user in a single statement (the caller keeps the batch small). */
    async insertForUsers(
      userIds: number[],
      values: Pick<NotificationsTable, 'type' | 'title' | 'message' | 'link' | 'created_at'>,
      trx: Executor = k,
    ) {
      return trx
        .insertInto('notifications')
        .values(userIds.map((userId) => ({ ...values, user_id: userId, read: 0 })))
        .returningAll()
        .execute();
    },
  };
}

export type NotificationsRepo = ReturnType<typeof createNotificationsRepo>;
