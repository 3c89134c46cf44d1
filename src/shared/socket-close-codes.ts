// Kept apart from shared/api/notifications.ts: the socket client is in every page's first script, and
// importing a constant from a module of schemas brought the schema library along (bench:web, home JS).

/**
 * Close codes of /ws (4000-4999 are the application's own). A handshake without a valid session, from
 * another origin or for another user is refused before the upgrade with a plain HTTP 401/403 instead.
 */
export const socketCloseCodes = {
  /** The session the socket belongs to ended (logout, reset, expiry, password change, deletion). */
  sessionEnded: 4001,
  /** The user opened more sockets than the per-user cap: this one, the oldest, gave way. */
  replacedByNewer: 4429,
} as const;
