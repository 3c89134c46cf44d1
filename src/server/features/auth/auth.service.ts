import { FORGOT_PASSWORD_MESSAGE, type RegisterInput } from '../../../shared/api/auth.js';
import { normalizeEmail } from '../../../shared/rules/email.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { UserRow } from '../../db/schema.js';
import { AppError, conflict, invalid, unauthenticated } from '../../errors.js';
import { nowIso } from '../../lib/time.js';
import type { Mailer } from '../../mail/mailer.js';
import { NO_PERSONAL_DETAILS, type UsersRepo } from '../users/users.repo.js';
import { createNotification, type NotificationsDeps } from '../notifications/notifications.service.js';
import type { EmailTokensRepo } from './email-tokens.repo.js';
import { consumeEmailToken, issueEmailToken } from './email-tokens.service.js';
import { endSessions, type SessionsDeps } from './sessions.service.js';
import { passwordResetMail, verificationMail } from './auth.mails.js';
import {
  burnPasswordCheck,
  hashPassword,
  isCommonPassword,
  needsRehash,
  verifyPassword,
} from './passwords.js';
import { absoluteUrl, paths } from '../../../shared/routes.js';

export interface AuthDeps extends SessionsDeps {
  db: Db;
  users: UsersRepo;
  emailTokens: EmailTokensRepo;
  mailer: Mailer;
  config: Pick<Config, 'publicUrl' | 'adminEmails'>;
  notifications: NotificationsDeps;
  /** For work that goes on after the answer (mail links), whose failure no caller can see. */
  log: { error(details: object, message: string): void };
}

const INVALID_CREDENTIALS = 'Invalid email or password.';
const COMMON_PASSWORD = 'This password is too common. Choose one that is harder to guess.';

function refuseCommonPassword(password: string, field = 'password') {
  if (isCommonPassword(password)) throw invalid(COMMON_PASSWORD, { [field]: [COMMON_PASSWORD] });
}

/** ADMIN_EMAILS grants the admin role, but only once the address is proven. */
async function grantListedAdmin(deps: AuthDeps, user: UserRow): Promise<UserRow> {
  if (user.role === 'admin' || user.email_verified !== 1 || !deps.config.adminEmails.includes(user.email))
    return user;
  return deps.users.update(user.id, { role: 'admin', updated_at: nowIso() });
}

export async function registerUser(
  deps: AuthDeps,
  input: Required<Pick<RegisterInput, 'email' | 'password'>> & RegisterInput,
) {
  const email = normalizeEmail(input.email);
  refuseCommonPassword(input.password);
  if (await deps.users.findByEmail(email)) {
    throw new AppError('conflict', 'An account with this email already exists. Please log in instead.', {
      email: ['An account with this email already exists.'],
    });
  }
  const passwordHash = await hashPassword(input.password);
  const now = nowIso();
  const names = [input.firstName, input.lastName].filter(Boolean).join(' ');
  let user: UserRow;
  try {
    user = await deps.users.insert({
      email,
      username: email,
      password_hash: passwordHash,
      first_name: input.firstName ?? null,
      last_name: input.lastName ?? null,
      full_name: input.fullName || names || null,
      company_name: input.companyName ?? null,
      company_website: input.companyWebsite ?? null,
      organization_type: input.organizationType ?? 'individual',
      user_type: 'developer',
      role: 'user',
      email_verified: 0,
      is_anonymous: 0,
      github_id: null,
      github_login: null,
      created_at: now,
      updated_at: now,
      deleted_at: null,
    });
  } catch (error) {
    // Two registrations racing for one address: the unique index decides.
    if (await deps.users.findByEmail(email))
      throw conflict('An account with this email already exists. Please log in instead.');
    throw error;
  }
  const welcome = await createNotification(deps.notifications, deps.db.kysely, {
    user_id: user.id,
    type: 'system',
    title: 'Welcome to AgentAtlas',
    message: 'Find agents you can trust, keep favorites, and list your own agents to earn a reputation.',
    link: paths.agents.href(),
  });
  deps.notifications.publish(user.id, [welcome]);
  await sendVerification(deps, user);
  return user;
}

export async function loginUser(deps: AuthDeps, input: { username: string; password: string }) {
  const user = await deps.users.findByEmail(normalizeEmail(input.username));
  if (!user || !user.password_hash) {
    await burnPasswordCheck(input.password);
    throw unauthenticated(INVALID_CREDENTIALS);
  }
  if (!(await verifyPassword(user.password_hash, input.password))) throw unauthenticated(INVALID_CREDENTIALS);
  let current = user;
  if (needsRehash(user.password_hash)) {
    current = await deps.users.update(user.id, { password_hash: await hashPassword(input.password) });
  }
  return grantListedAdmin(deps, current);
}

async function sendVerification(deps: AuthDeps, user: UserRow) {
  const token = await issueEmailToken(deps, { userId: user.id, kind: 'verify_email' });
  return deps.mailer.send(
    verificationMail(user, absoluteUrl(deps.config.publicUrl, paths.verifyEmail.href({ token }))),
  );
}

/**
 * Runs mail work after the answer has gone, so its timing cannot tell who has an account. Nobody
 * waits for it, so a failure (the database, say) is logged here instead of becoming an unhandled rejection.
 */
function afterAnswer(deps: AuthDeps, what: string, userId: number, work: () => Promise<unknown>): void {
  work().catch((error: unknown) => deps.log.error({ err: error, userId }, `${what} failed`));
}

/** Sends a new verification link if the address belongs to an unverified account; the answer never says which. */
export async function resendVerification(deps: AuthDeps, email: string) {
  const user = await deps.users.findByEmail(normalizeEmail(email));
  if (user && user.email_verified !== 1)
    afterAnswer(deps, 'verification mail', user.id, () => sendVerification(deps, user));
  return {
    message: 'If that address belongs to an unverified account, a new verification link is on its way.',
  };
}

export async function verifyEmail(deps: AuthDeps, token: string) {
  const user = await deps.db.kysely.transaction().execute(async (trx) => {
    const userId = await consumeEmailToken(deps, { token, kind: 'verify_email' }, trx);
    return deps.users.update(userId, { email_verified: 1, updated_at: nowIso() }, trx);
  });
  return grantListedAdmin(deps, user);
}

/** Always the same answer, and the mail goes out after it, so neither content nor timing tells who has an account. */
export async function requestPasswordReset(deps: AuthDeps, email: string) {
  const user = await deps.users.findByEmail(normalizeEmail(email));
  if (user) {
    afterAnswer(deps, 'password reset mail', user.id, async () => {
      const token = await issueEmailToken(deps, { userId: user.id, kind: 'reset_password' });
      await deps.mailer.send(
        passwordResetMail(user, absoluteUrl(deps.config.publicUrl, paths.resetPassword.href({ token }))),
      );
    });
  }
  return { message: FORGOT_PASSWORD_MESSAGE };
}

/** Sets a new password from a reset link and ends every session of the account. */
export async function resetPassword(deps: AuthDeps, input: { token: string; password: string }) {
  refuseCommonPassword(input.password);
  const passwordHash = await hashPassword(input.password);
  const { user, ended } = await deps.db.kysely.transaction().execute(async (trx) => {
    const userId = await consumeEmailToken(deps, { token: input.token, kind: 'reset_password' }, trx);
    const ended = await endSessions(deps, { userId }, trx);
    // Following the link proves the address too.
    const user = await deps.users.update(
      userId,
      { password_hash: passwordHash, email_verified: 1, updated_at: nowIso() },
      trx,
    );
    return { user, ended };
  });
  deps.closeSessionSockets(ended);
  return user;
}

export async function changePassword(
  deps: AuthDeps,
  user: UserRow,
  input: { currentPassword: string; newPassword: string },
  keepSession: string | null,
) {
  if (!user.password_hash || !(await verifyPassword(user.password_hash, input.currentPassword))) {
    throw invalid('Your current password is not correct.', {
      currentPassword: ['Your current password is not correct.'],
    });
  }
  refuseCommonPassword(input.newPassword, 'newPassword');
  const passwordHash = await hashPassword(input.newPassword);
  await deps.users.update(user.id, { password_hash: passwordHash, updated_at: nowIso() });
  await endSessions(deps, { userId: user.id, exceptTokenHash: keepSession });
}

export async function updateProfile(
  deps: AuthDeps,
  user: UserRow,
  changes: {
    firstName?: string | null;
    lastName?: string | null;
    fullName?: string | null;
    companyName?: string | null;
    companyWebsite?: string | null;
    organizationType?: 'individual' | 'enterprise';
    isAnonymous?: boolean;
  },
) {
  return deps.users.update(user.id, {
    ...(changes.firstName !== undefined ? { first_name: changes.firstName } : {}),
    ...(changes.lastName !== undefined ? { last_name: changes.lastName } : {}),
    ...(changes.fullName !== undefined ? { full_name: changes.fullName } : {}),
    ...(changes.companyName !== undefined ? { company_name: changes.companyName } : {}),
    ...(changes.companyWebsite !== undefined ? { company_website: changes.companyWebsite } : {}),
    ...(changes.organizationType !== undefined ? { organization_type: changes.organizationType } : {}),
    ...(changes.isAnonymous !== undefined ? { is_anonymous: changes.isAnonymous ? 1 : 0 } : {}),
    updated_at: nowIso(),
  });
}

/**
 * Deletes an account: the person's details are erased and every session ended, but the row stays
 * (marked deleted) so their reviews remain, shown as "Anonymous".
 */
export async function deleteAccount(deps: AuthDeps, user: UserRow, password: string | undefined) {
  if (user.password_hash && !(password && (await verifyPassword(user.password_hash, password)))) {
    throw invalid('Enter your password to delete your account.', {
      password: ['Your password is not correct.'],
    });
  }
  const now = nowIso();
  const ended = await deps.db.kysely.transaction().execute(async (trx) => {
    const ended = await endSessions(deps, { userId: user.id }, trx);
    await deps.users.deletePrivateRows(user.id, trx);
    await deps.emailTokens.deleteForUser(user.id, trx);
    await deps.users.update(
      user.id,
      {
        email: `deleted-${user.id}@deleted.invalid`,
        username: `deleted-${user.id}@deleted.invalid`,
        ...NO_PERSONAL_DETAILS,
        role: 'user',
        is_anonymous: 1,
        deleted_at: now,
        updated_at: now,
      },
      trx,
    );
    return ended;
  });
  deps.closeSessionSockets(ended);
}

/** The heartbeat: the session counts as active now. */
export async function markSessionActive(deps: AuthDeps, tokenHash: string): Promise<void> {
  await deps.sessions.markActive(tokenHash, nowIso());
}

/** Ends every session of the user (a session reset from any of them), and closes their sockets. */
export async function endAllSessions(deps: AuthDeps, userId: number): Promise<void> {
  await endSessions(deps, { userId });
}
