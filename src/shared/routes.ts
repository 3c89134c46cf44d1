import type { AgentListFilters } from './agent-list-filters.js';

/**
 * Every page of the product (spec section 2), once, with its typed href builder. The client router is
 * built from the patterns, the server answers a path that matches none of them with HTTP 404, and
 * every link either side hands out (a notification, a checklist, an e-mail, a feed, the sitemap, the
 * MCP server's answers) comes from a builder here, so a link can only point at a page the client routes.
 */

/** A path on this site, from its root. */
export type SitePath = `/${string}`;

function withSearch(path: SitePath, params: Record<string, string | number | boolean | undefined>): SitePath {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === '' || value === false) continue;
    search.set(key, String(value));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

const withHash = (path: SitePath, hash: string | undefined): SitePath => (hash ? `${path}#${hash}` : path);

function simple<P extends SitePath>(path: P) {
  return { path, href: (): P => path };
}

/** The sections of an agent's page a link may open at: the ids its panels carry. */
export type AgentPageSection = 'reviews' | 'health' | 'claims' | 'record';

export const paths = {
  home: {
    path: '/',
    href: (options: { verified?: boolean } = {}) => withSearch('/', { verified: options.verified }),
  },
  agents: {
    path: '/agents',
    href: (filters: AgentListFilters = {}) =>
      withSearch('/agents', {
        q: filters.q?.trim(),
        category: filters.category,
        pricing: filters.pricing,
        verified: filters.verified,
        health: filters.health,
        protocol: filters.protocol,
        maxRiskSeverity: filters.maxRiskSeverity,
        sort: filters.sort,
        page: filters.page && filters.page > 1 ? filters.page : undefined,
      }),
  },
  agent: {
    path: '/agents/:slug',
    href: (slug: string, options: { section?: AgentPageSection } = {}) =>
      withHash(`/agents/${encodeURIComponent(slug)}`, options.section),
  },
  categories: simple('/categories'),

  auth: {
    path: '/auth',
    href: (options: { tab?: 'login' | 'register'; returnPath?: string } = {}) =>
      withSearch('/auth', { tab: options.tab, returnPath: options.returnPath }),
  },
  login: simple('/login'),
  register: simple('/register'),
  createAccount: simple('/create-account'),
  authCallback: {
    path: '/auth-callback',
    /** Where an external sign-in lands: on the return path when it worked, or with the error to show. */
    href: (options: { returnPath?: string; error?: string } = {}) =>
      withSearch('/auth-callback', { returnPath: options.returnPath, error: options.error }),
  },
  forgotPassword: simple('/forgot-password'),
  resetPassword: {
    path: '/reset-password',
    href: (options: { token?: string } = {}) => withSearch('/reset-password', { token: options.token }),
  },
  verifyEmail: {
    path: '/verify-email',
    href: (options: { token?: string } = {}) => withSearch('/verify-email', { token: options.token }),
  },
  githubDeviceAuth: simple('/github-device-auth'),

  storageSetup: simple('/storage-setup'),
  storageInfo: simple('/storage-info'),
  storageBasic: simple('/storage-basic'),

  components: simple('/components'),
  toastDemo: simple('/toast-demo'),
  test: simple('/test'),
  testPage: simple('/test-page'),

  terms: simple('/terms'),
  privacy: simple('/privacy'),
  verificationPromise: simple('/verification-promise'),
  toolRiskRules: {
    path: '/tool-risk-rules',
    /** `rule` opens the page at that rule's section (its id, e.g. "hidden-instructions"). */
    href: (options: { rule?: string } = {}) => withHash('/tool-risk-rules', options.rule),
  },

  submitAgent: simple('/submit-agent'),
  submitAgentNew: simple('/submit-agent-new'),
  submitAgentGithubCallback: simple('/submit-agent/github-callback'),

  metrics: {
    path: '/metrics',
    /** `why` opens the page at "Why it ranks here". */
    href: (options: { agentId?: number; range?: string; why?: boolean } = {}) =>
      withHash(
        withSearch('/metrics', { agentId: options.agentId, range: options.range }),
        options.why ? 'why' : undefined,
      ),
  },
  dashboard: simple('/dashboard'),
  settings: {
    path: '/settings',
    href: (options: { section?: 'webhooks' } = {}) => withHash('/settings', options.section),
  },
  profile: simple('/profile'),
  agentStatus: {
    path: '/agent-status/:id',
    href: (id: number | string): SitePath => `/agent-status/${encodeURIComponent(id)}`,
  },
  editAgent: {
    path: '/edit-agent/:id',
    href: (id: number | string): SitePath => `/edit-agent/${encodeURIComponent(id)}`,
  },
  favorites: simple('/favorites'),
  policies: simple('/policies'),
  policy: {
    path: '/policies/:slug',
    href: (slug: string): SitePath => `/policies/${encodeURIComponent(slug)}`,
  },
  notifications: simple('/notifications'),
  history: {
    path: '/history',
    href: (options: { page?: number; agentId?: number; kind?: string } = {}) =>
      withSearch('/history', {
        agentId: options.agentId,
        kind: options.kind,
        page: options.page && options.page > 1 ? options.page : undefined,
      }),
  },
  myDrafts: simple('/my-drafts'),
  myAgents: simple('/my-agents'),

  admin: simple('/admin'),
  adminDashboard: simple('/admin/dashboard'),
  adminCategories: simple('/admin/categories'),
  adminStorage: simple('/admin/storage'),
  adminRegistry: simple('/admin/registry'),
  adminAdvisories: {
    path: '/admin/advisories',
    /** Opens the form filled in: from a report, or from a danger finding on an agent's tools. */
    href: (draft: { affects?: string; summary?: string; details?: string } = {}) =>
      withSearch('/admin/advisories', {
        affects: draft.affects,
        summary: draft.summary,
        details: draft.details,
      }),
  },
} as const;

export type PagePattern = (typeof paths)[keyof typeof paths]['path'];

/** Every page path pattern, as the client router routes them. */
export const pagePatterns: readonly PagePattern[] = Object.values(paths).map((page) => page.path);

/**
 * An absolute URL of this site, for links that leave it (e-mails, feeds, the sitemap, JSON-LD, the
 * MCP server's answers): PUBLIC_URL joined to a path, the one way both are put together.
 */
export function absoluteUrl(publicUrl: string, path: SitePath): string {
  return `${publicUrl.replace(/\/+$/, '')}${path}`;
}

const compiled = pagePatterns.map((pattern) => ({
  pattern,
  regex: new RegExp(`^${pattern.replace(/:[a-zA-Z]+/g, '[^/]+')}/?$`),
}));

/** The pattern a path belongs to, or null for a path that is no page. */
export function matchPagePattern(pathname: string): PagePattern | null {
  return compiled.find(({ regex }) => regex.test(pathname))?.pattern ?? null;
}
