import {
  calculateJwkThumbprint,
  CompactSign,
  exportJWK,
  generateKeyPair,
  importJWK,
  type CryptoKey,
  type JWK,
} from 'jose';
import type { Jwks, PublicJwk, SigningAlgorithm } from '../../../shared/api/signing-keys.js';
import type { Db } from '../../db/database.js';
import type { SecretBox } from '../../lib/secret-box.js';
import type { SigningKeyRow, SigningKeysRepo } from './signing-keys.repo.js';

/**
 * Signing keys for what AgentAtlas vouches for (transparency log tree heads; later signed statements
 * and policy changelogs, DESIGN section 11): compact JWS with the `kid` of a key in
 * /.well-known/jwks.json. Keys live in the database, the private half sealed with the server's key,
 * so every instance sharing the database (and SECRET_KEY) signs with the same key. The first key is
 * made on first use; `npm run keys -- rotate` makes the next and retires the previous one, which stays
 * in the JWKS until its `not_after`.
 */

export const DEFAULT_SIGNING_ALGORITHM: SigningAlgorithm = 'ES256';
/** How long a retired key stays in the JWKS unless the rotation says otherwise. */
export const RETIRED_KEY_KEPT_DAYS = 30;

export interface SigningKeysDeps {
  db: Db;
  keys: SigningKeysRepo;
  secretBox: SecretBox;
  /** Private keys already unsealed and imported, by kid (keys never change under a kid). */
  unsealed: Map<string, CryptoKey | Uint8Array>;
}

export class SigningKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SigningKeyError';
  }
}

export function createUnsealedKeyCache(): Map<string, CryptoKey | Uint8Array> {
  return new Map();
}

async function newKeyRow(
  deps: Pick<SigningKeysDeps, 'secretBox'>,
  options: { algorithm: SigningAlgorithm; generation: number; now: string },
): Promise<SigningKeyRow> {
  const { publicKey, privateKey } = await generateKeyPair(options.algorithm, {
    extractable: true,
    ...(options.algorithm === 'EdDSA' ? { crv: 'Ed25519' } : {}),
  });
  const publicJwk = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(publicJwk, 'sha256');
  const published: PublicJwk = {
    kty: publicJwk.kty!,
    crv: publicJwk.crv!,
    x: publicJwk.x!,
    ...(publicJwk.y ? { y: publicJwk.y } : {}),
    kid,
    alg: options.algorithm,
    use: 'sig',
  };
  return {
    kid,
    generation: options.generation,
    algorithm: options.algorithm,
    public_jwk: JSON.stringify(published),
    private_jwk_sealed: deps.secretBox.encrypt(JSON.stringify(await exportJWK(privateKey))),
    created_at: options.now,
    retired_at: null,
    not_after: null,
  };
}

/** The key that signs now, made (generation 1) when there is none yet. */
export async function currentSigningKey(deps: SigningKeysDeps): Promise<SigningKeyRow> {
  const current = await deps.keys.findCurrent();
  if (current) return current;
  const row = await newKeyRow(deps, {
    algorithm: DEFAULT_SIGNING_ALGORITHM,
    generation: 1,
    now: new Date().toISOString(),
  });
  await deps.keys.insert(row);
  // Another instance may have made the first key at the same moment: sign with whichever was stored.
  const stored = await deps.keys.findCurrent();
  if (!stored) throw new SigningKeyError('the first signing key could not be stored');
  return stored;
}

async function privateKeyOf(deps: SigningKeysDeps, row: SigningKeyRow): Promise<CryptoKey | Uint8Array> {
  const kept = deps.unsealed.get(row.kid);
  if (kept) return kept;
  let jwk: JWK;
  try {
    jwk = JSON.parse(deps.secretBox.decrypt(row.private_jwk_sealed)) as JWK;
  } catch {
    throw new SigningKeyError(
      `signing key ${row.kid} was sealed with another SECRET_KEY: every instance sharing the database needs the same SECRET_KEY`,
    );
  }
  const key = await importJWK(jwk, row.algorithm);
  deps.unsealed.set(row.kid, key);
  return key;
}

/**
 * Signs a JSON payload with the current key: a compact JWS whose protected header names `alg`,
 * `kid` (in the JWKS) and, when given, `typ`. The payload is sent as given (JSON.stringify);
 * callers that want a canonical form pass one.
 */
export async function signPayload(
  deps: SigningKeysDeps,
  payload: string | object,
  options: { typ?: string } = {},
): Promise<{ jws: string; kid: string }> {
  const row = await currentSigningKey(deps);
  const key = await privateKeyOf(deps, row);
  const bytes = new TextEncoder().encode(typeof payload === 'string' ? payload : JSON.stringify(payload));
  const jws = await new CompactSign(bytes)
    .setProtectedHeader({ alg: row.algorithm, kid: row.kid, ...(options.typ ? { typ: options.typ } : {}) })
    .sign(key);
  return { jws, kid: row.kid };
}

/** GET /.well-known/jwks.json: every key that signs or signed recently enough to be checked. */
export async function publicKeySet(deps: Pick<SigningKeysDeps, 'keys'>, now = new Date()): Promise<Jwks> {
  const rows = await deps.keys.listPublished(now.toISOString());
  return { keys: rows.map((row) => JSON.parse(row.public_jwk) as PublicJwk) };
}

/**
 * Makes the next key, which signs from now on, and retires the current one: it stays in the JWKS for
 * `keepDays` (what it signed stays checkable meanwhile), 0 to drop it at once (a leaked key).
 */
export async function rotateSigningKey(
  deps: SigningKeysDeps,
  options: { algorithm?: SigningAlgorithm; keepDays?: number; now?: Date } = {},
): Promise<{ current: SigningKeyRow; retired: SigningKeyRow | null }> {
  const now = options.now ?? new Date();
  const at = now.toISOString();
  const keepMs = (options.keepDays ?? RETIRED_KEY_KEPT_DAYS) * 86_400_000;
  return deps.db.kysely.transaction().execute(async (trx) => {
    const previous = await deps.keys.findCurrent(trx);
    const row = await newKeyRow(deps, {
      algorithm: options.algorithm ?? previous?.algorithm ?? DEFAULT_SIGNING_ALGORITHM,
      generation: (previous?.generation ?? 0) + 1,
      now: at,
    });
    if (!(await deps.keys.insert(row, trx)))
      throw new SigningKeyError('another rotation ran at the same moment; run it again');
    if (!previous) return { current: row, retired: null };
    const retired = { retired_at: at, not_after: new Date(now.getTime() + keepMs).toISOString() };
    await deps.keys.retire(previous.kid, retired, trx);
    return { current: row, retired: { ...previous, ...retired } };
  });
}
