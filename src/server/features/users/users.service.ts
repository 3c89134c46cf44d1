import type { UserRow } from '../../db/schema.js';
import { nowIso } from '../../lib/time.js';
import { endSessions, type SessionsDeps } from '../auth/sessions.service.js';
import type { UsersRepo } from './users.repo.js';

export interface UsersDeps extends SessionsDeps {
  users: UsersRepo;
}

/**
 * Gives or takes the admin role (`npm run admin`); false when no account has the address. Taking it
 * ends the person's sessions, so no session, page or socket goes on with the privileges it had.
 */
export async function setUserRole(
  deps: UsersDeps,
  input: { email: string; role: UserRow['role'] },
): Promise<boolean> {
  const user = await deps.users.findByEmail(input.email);
  if (!user) return false;
  if (user.role === input.role) return true;
  await deps.users.update(user.id, { role: input.role, updated_at: nowIso() });
  if (user.role === 'admin') await endSessions(deps, { userId: user.id });
  return true;
}
