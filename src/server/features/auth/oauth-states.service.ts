import { createHash, randomBytes } from 'node:crypto';
import { readOauthPayload, type OauthPayload } from '../../db/json-columns.js';
import type { OauthStatesTable } from '../../db/schema.js';
import type { OauthStatesRepo } from './oauth-states.repo.js';

export interface OauthStateDeps {
  oauthStates: OauthStatesRepo;
}

const hash = (value: string) => createHash('sha256').update(value).digest('hex');

type Kind = OauthStatesTable['kind'];

/** Stores a handshake under a fresh random value (only its hash is kept) and returns the value. */
export async function createOauthState<K extends Kind>(
  deps: OauthStateDeps,
  options: { kind: K; payload: OauthPayload<K>; userId?: number | null; lifetimeMs: number },
): Promise<string> {
  const state = randomBytes(24).toString('base64url');
  const now = Date.now();
  await deps.oauthStates.deleteExpired(new Date(now).toISOString());
  await deps.oauthStates.insert({
    state_hash: hash(state),
    kind: options.kind,
    payload: JSON.stringify(options.payload),
    user_id: options.userId ?? null,
    expires_at: new Date(now + options.lifetimeMs).toISOString(),
    created_at: new Date(now).toISOString(),
  });
  return state;
}

/** Reads a live handshake; with consume it is deleted so it works once. One it cannot read is none. */
export async function readOauthState<K extends Kind>(
  deps: OauthStateDeps,
  options: { state: string; kind: K; consume: boolean },
): Promise<{ payload: OauthPayload<K>; userId: number | null } | null> {
  const row = await deps.oauthStates.findByHash(hash(options.state), options.kind);
  if (!row) return null;
  if (options.consume || Date.parse(row.expires_at) <= Date.now()) {
    // Two callbacks racing with one state: only the one that deleted it goes on.
    if (!(await deps.oauthStates.deleteByHash(row.state_hash))) return null;
  }
  if (Date.parse(row.expires_at) <= Date.now()) return null;
  const payload = readOauthPayload(options.kind, row.payload);
  return payload ? { payload, userId: row.user_id } : null;
}

export async function updateOauthState<K extends Kind>(
  deps: OauthStateDeps,
  options: { state: string; kind: K; payload: OauthPayload<K> },
) {
  await deps.oauthStates.updatePayload(hash(options.state), JSON.stringify(options.payload));
}
