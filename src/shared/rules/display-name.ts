export interface NamedUser {
  firstName?: string | null;
  lastName?: string | null;
  userName?: string | null;
  isAnonymous?: boolean | null;
}

/**
 * Spec section 3: an anonymous user with both names shows as "First L.";
 * otherwise the user name; otherwise "Anonymous".
 */
export function displayName(user: NamedUser | null | undefined): string {
  if (!user) return 'Anonymous';
  const first = user.firstName?.trim();
  const last = user.lastName?.trim();
  if (user.isAnonymous && first && last) return `${first} ${last.charAt(0)}.`;
  const userName = user.userName?.trim();
  if (userName) return userName;
  return 'Anonymous';
}

/** Spec section 3: first letter of each word, upper-cased, at most 2, "?" when empty. */
export function initials(name: string | null | undefined): string {
  const letters = (name ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase())
    .slice(0, 2)
    .join('');
  return letters || '?';
}
