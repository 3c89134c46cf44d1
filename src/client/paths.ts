import { safeReturnPath as sharedSafeReturnPath } from '../shared/rules/return-path.js';

// The typed routes live in src/shared so the server builds its links (notifications, e-mails, feeds)
// from the same builders; the client keeps importing them from here.
export { paths } from '../shared/routes.js';
export type { AgentListFilters } from '../shared/agent-list-filters.js';

/** A return path is only followed when it stays on this site (the shared rule, as the server applies it). */
export function safeReturnPath(value: string | null | undefined, fallback = '/'): string {
  return sharedSafeReturnPath(value, fallback);
}
