import { createHash, randomBytes } from 'node:crypto';
import type { Executor } from '../../db/database.js';
import type { OauthStatesTable } from '../../db/schema.js';

const hash = (value: string) => createHash('sha256').update(value).digest('hex');

/** Stores a handshake under a fresh random value (only its hash is kept) and returns the value. */
export async function createOauthState(
  executor: Executor,
  options: { kind: OauthStatesTable['kind']; payload: object; userId?: number | null; lifetimeMs: number },
): Promise<string> {
  const state = randomBytes(24).toString('base64url');
  const now = Date.now();
  await executor.deleteFrom('oauth_states').where('expires_at', '<', new Date(now).toISOString()).execute();
  await executor
    .insertInto('oauth_states')
    .values({
      state_hash: hash(state),
      kind: options.kind,
      payload: JSON.stringify(options.payload),
      user_id: options.userId ?? null,
      expires_at: new Date(now + options.lifetimeMs).toISOString(),
      created_at: new Date(now).toISOString(),
    })
    .execute();
  return state;
}

/** Reads a live handshake; with consume it is deleted so it works once. */
export async function readOauthState<T>(
  executor: Executor,
  state: string,
  kind: OauthStatesTable['kind'],
  options: { consume: boolean },
): Promise<{ payload: T; userId: number | null } | null> {
  const row = await executor
    .selectFrom('oauth_states')
    .selectAll()
    .where('state_hash', '=', hash(state))
    .where('kind', '=', kind)
    .executeTakeFirst();
  if (!row) return null;
  if (options.consume || Date.parse(row.expires_at) <= Date.now()) {
    const deleted = await executor
      .deleteFrom('oauth_states')
      .where('state_hash', '=', row.state_hash)
      .executeTakeFirst();
    // Two callbacks racing with one state: only the one that deleted it goes on.
    if (Number(deleted.numDeletedRows) !== 1) return null;
  }
  if (Date.parse(row.expires_at) <= Date.now()) return null;
  return { payload: JSON.parse(row.payload) as T, userId: row.user_id };
}

export async function updateOauthState(executor: Executor, state: string, payload: object) {
  await executor
    .updateTable('oauth_states')
    .set({ payload: JSON.stringify(payload) })
    .where('state_hash', '=', hash(state))
    .execute();
}
