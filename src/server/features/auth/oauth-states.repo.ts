import type { Insertable } from 'kysely';
import type { Db, Executor } from '../../db/database.js';
import type { OauthStatesTable } from '../../db/schema.js';

/** OAuth handshakes in progress (GitHub sign-in, device flow, connect), stored by the hash of their state. */
export function createOauthStatesRepo(db: Db) {
  return {
    async findByHash(stateHash: string, kind: OauthStatesTable['kind'], trx: Executor = db.kysely) {
      return (
        (await trx
          .selectFrom('oauth_states')
          .selectAll()
          .where('state_hash', '=', stateHash)
          .where('kind', '=', kind)
          .executeTakeFirst()) ?? null
      );
    },

    async insert(values: Insertable<OauthStatesTable>, trx: Executor = db.kysely): Promise<void> {
      await trx.insertInto('oauth_states').values(values).execute();
    },

    async updatePayload(stateHash: string, payload: string, trx: Executor = db.kysely): Promise<void> {
      await trx.updateTable('oauth_states').set({ payload }).where('state_hash', '=', stateHash).execute();
    },

    /** Deletes one handshake; false when it was gone already (another request took it). */
    async deleteByHash(stateHash: string, trx: Executor = db.kysely): Promise<boolean> {
      const deleted = await trx
        .deleteFrom('oauth_states')
        .where('state_hash', '=', stateHash)
        .executeTakeFirst();
      return Number(deleted.numDeletedRows) === 1;
    },

    async deleteExpired(beforeIso: string, trx: Executor = db.kysely): Promise<void> {
      await trx.deleteFrom('oauth_states').where('expires_at', '<', beforeIso).execute();
    },
  };
}

export type OauthStatesRepo = ReturnType<typeof createOauthStatesRepo>;
