import { notFound } from '../errors.js';
import type { Actor } from './agent-policy.js';

/**
 * Rows that belong to one person (drafts, webhooks, uploads, favorites, notifications, reviews,
 * policy views):
 * what their owner may do with them, and whether an admin may too. Anyone else's row is answered as
 * a missing one (404). Where a repository already reads the row by id and owner together (webhooks,
 * uploads, favorites, notifications), that query is the check; the rule here says the same and
 * marks the route (`ownerOnly`).
 */
export const ownedRules = {
  draft: { admin: false, names: 'draft' },
  webhook: { admin: false, names: 'webhook' },
  upload: { admin: false, names: 'upload' },
  favorite: { admin: false, names: 'favorite' },
  notification: { admin: false, names: 'notification' },
  'edit-review': { admin: false, names: 'review' },
  /** Admins remove reviews in moderation. */
  'delete-review': { admin: true, names: 'review' },
  /** An organisation's policy view (by slug): its owner alone reads its rules and queue. */
  'policy-view': { admin: false, names: 'policy view' },
} as const satisfies Record<string, { admin: boolean; names: string }>;

export type OwnedAction = keyof typeof ownedRules;

export const ownedActions = Object.keys(ownedRules) as OwnedAction[];

export function isOwnedAction(action: string): action is OwnedAction {
  return Object.hasOwn(ownedRules, action);
}

/** Whether `actor` may do `action` with a row owned by `ownerId`. */
export function canOwned(actor: Actor | null, action: OwnedAction, ownerId: number | null): boolean {
  if (!actor) return false;
  if (ownerId !== null && ownerId === actor.id) return true;
  return ownedRules[action].admin && actor.role === 'admin';
}

/** The row, when `actor` may do `action` with it; otherwise 404 with `notFoundMessage`. */
export function authorizeOwned<Row>(
  actor: Actor | null,
  action: OwnedAction,
  row: Row | null | undefined,
  ownerOf: (row: Row) => number | null,
  notFoundMessage: string,
): Row {
  if (row === null || row === undefined || !canOwned(actor, action, ownerOf(row)))
    throw notFound(notFoundMessage);
  return row;
}
