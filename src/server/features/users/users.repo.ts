import type { Db, Executor } from '../../db/database.js';
import type { NewUser, UserRow, UserUpdate } from '../../db/schema.js';

/**
 * Every column that could tell who a person is, or let them sign in, left empty: what a deleted
 * account keeps of them, and what an account that never gave any details (a demo fan) holds.
 */
export const NO_PERSONAL_DETAILS = {
  password_hash: null,
  first_name: null,
  last_name: null,
  full_name: null,
  company_name: null,
  company_website: null,
  github_id: null,
  github_login: null,
} as const satisfies UserUpdate;

/** The users table: accounts, roles, and what an account deletion erases. */
export function createUsersRepo(db: Db) {
  return {
    async findById(id: number, trx: Executor = db.kysely) {
      return (
        (await trx
          .selectFrom('users')
          .selectAll()
          .where('id', '=', id)
          .where('deleted_at', 'is', null)
          .executeTakeFirst()) ?? null
      );
    },

    async findByEmail(email: string, trx: Executor = db.kysely) {
      return (
        (await trx
          .selectFrom('users')
          .selectAll()
          .where('email', '=', email)
          .where('deleted_at', 'is', null)
          .executeTakeFirst()) ?? null
      );
    },

    async findByGithubId(githubId: string, trx: Executor = db.kysely) {
      return (
        (await trx
          .selectFrom('users')
          .selectAll()
          .where('github_id', '=', githubId)
          .where('deleted_at', 'is', null)
          .executeTakeFirst()) ?? null
      );
    },

    /** Ids of the active admins, who hear about new submissions and revisions. */
    async findAdminIds(trx: Executor = db.kysely): Promise<number[]> {
      const rows = await trx
        .selectFrom('users')
        .select('id')
        .where('role', '=', 'admin')
        .where('deleted_at', 'is', null)
        .execute();
      return rows.map((row) => row.id);
    },

    async insert(user: NewUser, trx: Executor = db.kysely): Promise<UserRow> {
      return trx.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
    },

    async update(id: number, changes: UserUpdate, trx: Executor = db.kysely): Promise<UserRow> {
      return trx
        .updateTable('users')
        .set(changes)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /** Removes what only the person had: their favorites and notifications (reviews stay, anonymous). */
    async deletePrivateRows(userId: number, trx: Executor = db.kysely): Promise<void> {
      await trx.deleteFrom('favorites').where('user_id', '=', userId).execute();
      await trx.deleteFrom('notifications').where('user_id', '=', userId).execute();
    },
  };
}

export type UsersRepo = ReturnType<typeof createUsersRepo>;
