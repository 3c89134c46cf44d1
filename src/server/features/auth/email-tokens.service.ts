import { createHash, randomBytes } from 'node:crypto';
import type { Executor } from '../../db/database.js';
import { invalid } from '../../errors.js';
import { nowIso } from '../../lib/time.js';
import type { EmailTokensRepo } from './email-tokens.repo.js';

export type EmailTokenKind = 'verify_email' | 'reset_password';

export interface EmailTokenDeps {
  emailTokens: EmailTokensRepo;
}

export const TOKEN_LIFETIME_MS: Record<EmailTokenKind, number> = {
  verify_email: 24 * 60 * 60 * 1000,
  reset_password: 60 * 60 * 1000,
};

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Issues a single-use token; only its hash is stored, and earlier unused tokens of the kind stop working. */
export async function issueEmailToken(
  deps: EmailTokenDeps,
  options: { userId: number; kind: EmailTokenKind; now?: number },
  trx?: Executor,
) {
  const { userId, kind, now = Date.now() } = options;
  const token = randomBytes(32).toString('base64url');
  await deps.emailTokens.deleteOfKind(userId, kind, trx);
  await deps.emailTokens.insert(
    {
      user_id: userId,
      kind,
      token_hash: hashToken(token),
      expires_at: new Date(now + TOKEN_LIFETIME_MS[kind]).toISOString(),
      used_at: null,
      created_at: new Date(now).toISOString(),
    },
    trx,
  );
  return token;
}

const failures: Record<EmailTokenKind, string> = {
  verify_email: 'This verification link is invalid or has expired. Request a new one.',
  reset_password: 'This password reset link is invalid or has expired. Request a new one.',
};

/** Marks a token used and returns its user; a used, expired or unknown token is refused with 400. */
export async function consumeEmailToken(
  deps: EmailTokenDeps,
  options: { token: string; kind: EmailTokenKind },
  trx?: Executor,
): Promise<number> {
  const { kind } = options;
  const row = await deps.emailTokens.findByHash(hashToken(options.token), kind, trx);
  if (!row || row.used_at || Date.parse(row.expires_at) <= Date.now()) {
    throw invalid(failures[kind], { token: [failures[kind]] });
  }
  // Two requests racing with one token: only the one that marked it used goes on.
  if (!(await deps.emailTokens.markUsed(row.id, nowIso(), trx)))
    throw invalid(failures[kind], { token: [failures[kind]] });
  return row.user_id;
}
