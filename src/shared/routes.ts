/**
 * Every page path of the product (spec section 2). The server uses the patterns to answer unknown
 * paths with HTTP 404 and the client router is built from the same list.
 */
export const pagePatterns = [
  '/',
  '/agents',
  '/agents/:slug',
  '/auth',
  '/login',
  '/register',
  '/create-account',
  '/auth-callback',
  '/forgot-password',
  '/reset-password',
  '/verify-email',
  '/github-device-auth',
  '/storage-setup',
  '/storage-info',
  '/storage-basic',
  '/components',
  '/toast-demo',
  '/test',
  '/test-page',
  '/terms',
  '/privacy',
  '/verification-promise',
  '/categories',
  '/submit-agent',
  '/submit-agent-new',
  '/submit-agent/github-callback',
  '/metrics',
  '/dashboard',
  '/settings',
  '/profile',
  '/agent-status/:id',
  '/edit-agent/:id',
  '/favorites',
  '/notifications',
  '/history',
  '/my-drafts',
  '/my-agents',
  '/admin',
  '/admin/dashboard',
  '/admin/categories',
  '/admin/storage',
  '/admin/registry',
] as const;

export type PagePattern = (typeof pagePatterns)[number];

const compiled = pagePatterns.map((pattern) => ({
  pattern,
  regex: new RegExp(`^${pattern.replace(/:[a-zA-Z]+/g, '[^/]+')}/?$`),
}));

/** The pattern a path belongs to, or null for a path that is no page. */
export function matchPagePattern(pathname: string): PagePattern | null {
  return compiled.find(({ regex }) => regex.test(pathname))?.pattern ?? null;
}
