import type { CurrentUser } from '../../../shared/api/auth.js';
import type { UserRow } from '../../db/schema.js';
import { publicUserName } from '../users/public-name.js';

/** The signed-in user as the client sees it: a whitelist, so no hash or token can leak. */
export function presentCurrentUser(user: UserRow): CurrentUser {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    userName: publicUserName(user),
    firstName: user.first_name,
    lastName: user.last_name,
    fullName: user.full_name,
    companyName: user.company_name,
    companyWebsite: user.company_website,
    organizationType: user.organization_type,
    role: user.role,
    emailVerified: user.email_verified === 1,
    isAnonymous: user.is_anonymous === 1,
    createdAt: user.created_at,
  };
}
