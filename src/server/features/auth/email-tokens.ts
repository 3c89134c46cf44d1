import { createHash, randomBytes } from 'node:crypto';
import type { Executor } from '../../db/database.js';
import { invalid } from '../../errors.js';
import { nowIso } from '../../lib/time.js';

export type EmailTokenKind = 'verify_email' | 'reset_password';

export const TOKEN_LIFETIME_MS: Record<EmailTokenKind, number> = {
  verify_email: 24 * 60 * 60 * 1000,
  reset_password: 60 * 60 * 1000,
};

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Issues a single-use token; only its hash is stored, and earlier unused tokens of the kind stop working. */
export async function issueEmailToken(
  executor: Executor,
  userId: number,
  kind: EmailTokenKind,
  now = Date.now(),
) {
  const token = randomBytes(32).toString('base64url');
  await executor.deleteFrom('email_tokens').where('user_id', '=', userId).where('kind', '=', kind).execute();
  await executor
    .insertInto('email_tokens')
    .values({
      user_id: userId,
      kind,
      token_hash: hashToken(token),
      expires_at: new Date(now + TOKEN_LIFETIME_MS[kind]).toISOString(),
      used_at: null,
      created_at: new Date(now).toISOString(),
    })
    .execute();
  return token;
}

const failures: Record<EmailTokenKind, string> = {
  verify_email: 'This verification link is invalid or has expired. Request a new one.',
  reset_password: 'This password reset link is invalid or has expired. Request a new one.',
};

/** Marks a token used and returns its user; a used, expired or unknown token is refused with 400. */
export async function consumeEmailToken(
  executor: Executor,
  token: string,
  kind: EmailTokenKind,
): Promise<number> {
  const row = await executor
    .selectFrom('email_tokens')
    .selectAll()
    .where('token_hash', '=', hashToken(token))
    .where('kind', '=', kind)
    .executeTakeFirst();
  if (!row || row.used_at || Date.parse(row.expires_at) <= Date.now()) {
    throw invalid(failures[kind], { token: [failures[kind]] });
  }
  const result = await executor
    .updateTable('email_tokens')
    .set({ used_at: nowIso() })
    .where('id', '=', row.id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  // Two requests racing with one token: only the one that marked it used goes on.
  if (Number(result.numUpdatedRows) !== 1) throw invalid(failures[kind], { token: [failures[kind]] });
  return row.user_id;
}
