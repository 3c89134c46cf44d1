import type { Db, Executor } from '../../db/database.js';
import type { SigningKeysTable } from '../../db/schema.js';

export type SigningKeyRow = SigningKeysTable;

/** The signing keys: the newest generation signs; the JWKS serves every key not past not_after. */
export function createSigningKeysRepo(db: Db) {
  const k = db.kysely;
  return {
    /** The key that signs now (the newest generation), or null before the first. */
    async findCurrent(trx: Executor = k): Promise<SigningKeyRow | null> {
      const row = await trx
        .selectFrom('signing_keys')
        .selectAll()
        .orderBy('generation', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row ?? null;
    },

    /** Every key, newest first. */
    async list(): Promise<SigningKeyRow[]> {
      return k.selectFrom('signing_keys').selectAll().orderBy('generation', 'desc').execute();
    },

    /** The keys a verifier may still need: not retired, or retired but not yet past not_after. */
    async listPublished(now: string): Promise<Array<Pick<SigningKeyRow, 'kid' | 'public_jwk'>>> {
      return k
        .selectFrom('signing_keys')
        .select(['kid', 'public_jwk'])
        .where((eb) => eb.or([eb('not_after', 'is', null), eb('not_after', '>', now)]))
        .orderBy('generation', 'desc')
        .execute();
    },

    /**
     * Adds a key at its generation; false when another process added that generation first (two
     * instances creating the first key at once: one wins, both then sign with it).
     */
    async insert(row: SigningKeyRow, trx: Executor = k): Promise<boolean> {
      const result = await trx
        .insertInto('signing_keys')
        .values(row)
        .onConflict((oc) => oc.column('generation').doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
    },

    async retire(
      kid: string,
      values: { retired_at: string; not_after: string },
      trx: Executor = k,
    ): Promise<void> {
      await trx.updateTable('signing_keys').set(values).where('kid', '=', kid).execute();
    },
  };
}

export type SigningKeysRepo = ReturnType<typeof createSigningKeysRepo>;
