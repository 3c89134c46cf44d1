import { displayName } from '../../../shared/rules/display-name.js';

interface PublicNameSource {
  deleted_at?: string | null;
  first_name: string | null;
  last_name: string | null;
  full_name: string | null;
  username: string;
  is_anonymous: number;
}

/** The columns of `users` that the public name and display name are made of, for a query's select list. */
export const PUBLIC_NAME_COLUMNS = [
  'users.first_name',
  'users.last_name',
  'users.full_name',
  'users.username',
  'users.is_anonymous',
  'users.deleted_at',
] as const;

/**
 * The user name others may see. The stored username is the sign-in e-mail (spec section 3), which
 * must never be shown to other people, so the public handle is the full name, else the names,
 * else the e-mail's local part.
 */
export function publicUserName(user: Omit<PublicNameSource, 'is_anonymous'>): string {
  if (user.deleted_at) return 'Anonymous';
  const names = [user.first_name, user.last_name].filter(Boolean).join(' ');
  return user.full_name?.trim() || names.trim() || user.username.split('@')[0] || 'Anonymous';
}

/** The display name of spec section 3, computed from what others may see. */
export function publicDisplayName(user: PublicNameSource): string {
  return displayName({
    firstName: user.first_name,
    lastName: user.last_name,
    userName: publicUserName(user),
    isAnonymous: user.is_anonymous === 1,
  });
}
