import type { agentListQuery } from '../../shared/agent-list-filters.js';
import type { HistoryKind } from '../../shared/api/history.js';
import type { MetricsRange } from '../../shared/api/metrics.js';
import type { ReviewSort } from '../../shared/api/reviews.js';

/**
 * Every query key of the app, built in one place. A key starts with the path it is fetched from, so
 * invalidating a shorter key refreshes every key it begins (all of an agent's reviews pages, all
 * notification lists). The shapes are part of the cache's behaviour: change one only with its users.
 */
export const queryKeys = {
  auth: {
    currentUser: () => ['/api/auth/user'] as const,
    providers: () => ['/api/auth/providers'] as const,
  },
  agents: {
    /** Listings, details, reviews and statuses of agents: everything under /api/agents. */
    all: () => ['/api/agents'] as const,
    list: (query: ReturnType<typeof agentListQuery>) => ['/api/agents', query] as const,
    detail: (idOrSlug: string) => ['/api/agents', idOrSlug] as const,
    health: (agentId: number) => ['/api/agents', agentId, 'health'] as const,
    claims: (agentId: number) => ['/api/agents', agentId, 'claims'] as const,
    record: (agentId: number) => ['/api/agents', agentId, 'record'] as const,
    home: (verified: boolean) => ['/api/home', { verified: verified || undefined }] as const,
    homeAll: () => ['/api/home'] as const,
  },
  reviews: {
    /** Every page of one agent's reviews. */
    ofAgent: (agentId: number) => ['/api/agents', agentId, 'reviews'] as const,
    page: (agentId: number, params: { page: number; limit: number; sort: ReviewSort | undefined }) =>
      ['/api/agents', agentId, 'reviews', params] as const,
  },
  categories: {
    list: () => ['/api/categories'] as const,
    filters: () => ['/api/filters'] as const,
    admin: () => ['/api/admin/categories'] as const,
  },
  ownerAgents: {
    /** The owner's list; the per-agent keys start with it, so invalidating it refreshes them too. */
    list: () => ['/api/user/agents'] as const,
    editable: (id: number) => ['/api/user/agents', id] as const,
    status: (id: number) => ['/api/agents', id, 'status'] as const,
    count: () => ['/api/user/agents/count'] as const,
  },
  policies: {
    /** The person's views; one view, its preview and changelog start with its own key. */
    list: () => ['/api/policies'] as const,
    one: (slug: string) => ['/api/policies', slug] as const,
    preview: (slug: string) => ['/api/policies', slug, 'preview'] as const,
    changelog: (slug: string) => ['/p', slug, 'changelog'] as const,
  },
  advisories: {
    /** Every advisory list: all of them, and each agent's. */
    all: () => ['/api/advisories'] as const,
    /** The advisories naming one agent (GET /api/advisories?affects=<slug>). */
    ofAgent: (slug: string) => ['/api/advisories', { affects: slug }] as const,
  },
  webhooks: {
    /** The signed-in person's webhooks; a webhook's deliveries start with it. */
    list: () => ['/api/user/webhooks'] as const,
    deliveries: (id: number) => ['/api/user/webhooks', id, 'deliveries'] as const,
  },
  submissions: {
    /** The drafts list; a draft's key starts with it. */
    drafts: () => ['/api/drafts'] as const,
    draft: (id: number) => ['/api/drafts', id] as const,
  },
  favorites: {
    list: () => ['/api/favorites'] as const,
    check: (agentId: number) => ['/api/favorites/check', agentId] as const,
  },
  github: {
    status: () => ['/api/github/status'] as const,
    /** The installations; each installation's repositories key starts with it. */
    installations: () => ['/api/github/installations'] as const,
    repositories: (installationId: number) =>
      ['/api/github/installations', installationId, 'repositories'] as const,
  },
  notifications: {
    /** Every notification list, whatever its paging. */
    lists: () => ['/api/notifications'] as const,
    list: (params: { limit: number | undefined; page: number | undefined; read: boolean | undefined }) =>
      ['/api/notifications', params] as const,
    unreadCount: () => ['/api/notifications/unread-count'] as const,
  },
  reports: {
    open: () => ['/api/admin/reports', 'open'] as const,
  },
  admin: {
    stats: () => ['/api/admin/stats'] as const,
    submissions: () => ['/api/admin/submissions', 'pending'] as const,
    evidence: (agentId: number) => ['/api/admin/agents/evidence', agentId] as const,
    appeals: () => ['/api/admin/appeals', 'pending'] as const,
  },
  metrics: {
    /** Everything under /api/metrics: totals, search terms and score breakdowns. */
    all: () => ['/api/metrics'] as const,
    summary: (params: { range: MetricsRange; agentId: number | undefined }) =>
      ['/api/metrics', params] as const,
    searchTerms: (params: { range: MetricsRange; agentId: number }) =>
      ['/api/metrics', 'search-terms', params] as const,
    score: (params: { range: MetricsRange; agentId: number }) => ['/api/metrics', 'score', params] as const,
  },
  history: {
    /** Every page of the history, whatever its filters. */
    all: () => ['/api/history'] as const,
    page: (params: {
      page: number;
      limit: number;
      agentId?: number | undefined;
      kind?: HistoryKind | undefined;
    }) => ['/api/history', params] as const,
  },
  imports: {
    registrySync: () => ['/api/admin/registry-sync'] as const,
    /** Every page of the waiting candidates. */
    candidates: () => ['/api/admin/import-candidates'] as const,
  },
  storage: {
    /** Every page of the admin's file table. */
    admin: () => ['/api/admin/storage'] as const,
    adminPage: (filters: { page: number; orphans: boolean }) => ['/api/admin/storage', filters] as const,
    ownUploads: () => ['/api/user/uploads'] as const,
    info: () => ['/api/storage/info'] as const,
  },
} as const;

/** Mutation keys: one favorite toggle per agent at a time. */
export const mutationKeys = {
  favorite: (agentId: number) => ['favorite', agentId] as const,
} as const;
