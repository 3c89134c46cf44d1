import { SESSION_IDLE_TIMEOUT_MS } from '../../../shared/limits.js';
import type { Executor } from '../../db/database.js';
import type { SessionsRepo } from './sessions.repo.js';

export interface SessionsDeps {
  sessions: SessionsRepo;
  /**
   * Closes the sockets of ended sessions on this instance and, with Redis, on every other one
   * (realtime/notification-hub.ts). Never throws.
   */
  closeSessionSockets(tokenHashes: readonly string[]): void;
}

/** Which sessions end: some by their hash, or every one of a user but the one kept (a password change). */
export type SessionsToEnd =
  { tokenHashes: readonly string[] } | { userId: number; exceptTokenHash?: string | null };

/** A session is live until its absolute expiry and until it has been idle 30 minutes. */
export function isSessionLive(session: { last_active_at: string; expires_at: string }, now = Date.now()) {
  return (
    Date.parse(session.expires_at) > now &&
    now - Date.parse(session.last_active_at) <= SESSION_IDLE_TIMEOUT_MS
  );
}

/**
 * Every end of a session goes through here: logout, sign-out everywhere, expiry, password reset and
 * change, account deletion, demotion. The rows are deleted and the sessions' sockets closed.
 * Inside a transaction, pass it, and close the sockets once it has committed:
 * `deps.closeSessionSockets(ended)` with the hashes this returns (a rollback keeps the sessions).
 */
export async function endSessions(
  deps: SessionsDeps,
  which: SessionsToEnd,
  trx?: Executor,
): Promise<string[]> {
  const ended =
    'tokenHashes' in which
      ? await deps.sessions.deleteByTokenHashes(which.tokenHashes, trx)
      : await deps.sessions.deleteForUser(which.userId, which.exceptTokenHash ?? null, trx);
  if (!trx) deps.closeSessionSockets(ended);
  return ended;
}

/** Sessions that sockets hold, checked a page at a time: one query per this many. */
const SWEEP_PAGE = 500;

/**
 * The periodic check of the sessions open sockets hold: a session that expired (idle or absolute) is
 * ended, and one that no longer exists (ended by another process, such as `npm run admin`, without
 * Redis to say so) has its sockets closed.
 */
export async function endLapsedSessions(deps: SessionsDeps, tokenHashes: readonly string[]): Promise<void> {
  const now = Date.now();
  for (let start = 0; start < tokenHashes.length; start += SWEEP_PAGE) {
    const page = tokenHashes.slice(start, start + SWEEP_PAGE);
    const live = new Set(
      (await deps.sessions.findActivity(page))
        .filter((session) => isSessionLive(session, now))
        .map((session) => session.token_hash),
    );
    const lapsed = page.filter((tokenHash) => !live.has(tokenHash));
    if (lapsed.length === 0) continue;
    await deps.sessions.deleteByTokenHashes(lapsed);
    // Gone already or just deleted: the sockets close either way.
    deps.closeSessionSockets(lapsed);
  }
}
