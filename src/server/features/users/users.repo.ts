import type { Db, Executor } from '../../db/database.js';
import type { NewUser, UserUpdate } from '../../db/schema.js';

export function createUsersRepo(db: Db) {
  const k = db.kysely;
  return {
    async findById(id: number, executor: Executor = k) {
      return (
        (await executor
          .selectFrom('users')
          .selectAll()
          .where('id', '=', id)
          .where('deleted_at', 'is', null)
          .executeTakeFirst()) ?? null
      );
    },

    async findByEmail(email: string, executor: Executor = k) {
      return (
        (await executor
          .selectFrom('users')
          .selectAll()
          .where('email', '=', email)
          .where('deleted_at', 'is', null)
          .executeTakeFirst()) ?? null
      );
    },

    async findByGithubId(githubId: string, executor: Executor = k) {
      return (
        (await executor
          .selectFrom('users')
          .selectAll()
          .where('github_id', '=', githubId)
          .where('deleted_at', 'is', null)
          .executeTakeFirst()) ?? null
      );
    },

    async insert(user: NewUser, executor: Executor = k) {
      return executor.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
    },

    async update(id: number, changes: UserUpdate, executor: Executor = k) {
      return executor
        .updateTable('users')
        .set(changes)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async deleteSessions(userId: number, executor: Executor = k, except?: string) {
      let query = executor.deleteFrom('sessions').where('user_id', '=', userId);
      if (except) query = query.where('token_hash', '!=', except);
      await query.execute();
    },
  };
}

export type UsersRepo = ReturnType<typeof createUsersRepo>;
