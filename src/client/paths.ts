import type { AgentListFilters } from '../shared/agent-list-filters.js';
import type { PagePattern } from '../shared/routes.js';
import { safeReturnPath as sharedSafeReturnPath } from '../shared/rules/return-path.js';

export type { AgentListFilters };

function withSearch(path: string, params: Record<string, string | number | boolean | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === '' || value === false) continue;
    search.set(key, String(value));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

function simple<P extends string>(path: P) {
  return { path, href: (): P => path };
}

/** A return path is only followed when it stays on this site (the shared rule, as the server applies it). */
export function safeReturnPath(value: string | null | undefined, fallback = '/'): string {
  return sharedSafeReturnPath(value, fallback);
}

/** Every route path of the app, once, with typed href builders. */
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
        sort: filters.sort,
        page: filters.page && filters.page > 1 ? filters.page : undefined,
      }),
  },
  agent: { path: '/agents/:slug', href: (slug: string) => `/agents/${encodeURIComponent(slug)}` },
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
    href: (returnPath?: string) => withSearch('/auth-callback', { returnPath }),
  },
  forgotPassword: simple('/forgot-password'),
  resetPassword: simple('/reset-password'),
  verifyEmail: simple('/verify-email'),
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

  submitAgent: simple('/submit-agent'),
  submitAgentNew: simple('/submit-agent-new'),
  submitAgentGithubCallback: simple('/submit-agent/github-callback'),

  metrics: {
    path: '/metrics',
    /** `why` opens the page at "Why it ranks here". */
    href: (options: { agentId?: number; range?: string; why?: boolean } = {}) =>
      withSearch('/metrics', { agentId: options.agentId, range: options.range }) +
      (options.why ? '#why' : ''),
  },
  dashboard: simple('/dashboard'),
  settings: simple('/settings'),
  profile: simple('/profile'),
  agentStatus: {
    path: '/agent-status/:id',
    href: (id: number | string) => `/agent-status/${encodeURIComponent(id)}`,
  },
  editAgent: {
    path: '/edit-agent/:id',
    href: (id: number | string) => `/edit-agent/${encodeURIComponent(id)}`,
  },
  favorites: simple('/favorites'),
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
} as const;

/** Compile-time check: the client has exactly the page patterns of src/shared/routes.ts (the server's 404 list). */
type ClientPatterns = (typeof paths)[keyof typeof paths]['path'];
type MissingPatterns = Exclude<PagePattern, ClientPatterns>;
type ExtraPatterns = Exclude<ClientPatterns, PagePattern>;
export const pathsMatchPagePatterns: [MissingPatterns, ExtraPatterns] extends [never, never] ? true : false =
  true;
