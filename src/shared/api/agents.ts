import { z } from 'zod';
import { AGENTS_PAGE_SIZE_DEFAULT, AGENTS_PAGE_SIZE_MAX, SEARCH_QUERY_MAX_LENGTH } from '../limits.js';
import { limitQuery, pagedSchema, pageQuery } from './paging.js';

export {
  agentSorts,
  agentSortLabels,
  agentStatuses,
  pricingLabels,
  pricingModels,
  type AgentSort,
  type AgentStatus,
  type PricingModel,
} from '../catalogue.js';
import { agentSorts, agentStatuses, pricingModels } from '../catalogue.js';
import { agentHealthFilters, riskFilterSeverities } from '../agent-list-filters.js';
import { agentHealthStates, mcpRevisions } from '../rules/trust-summary.js';
import { claimMethods } from '../trust.js';

const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** GET /api/agents query. */
export const agentListQuerySchema = z.object({
  q: z.string().trim().max(SEARCH_QUERY_MAX_LENGTH, 'q is too long').optional(),
  category: z.string().regex(slugPattern, 'category must be a category slug').max(80).optional(),
  verified: z
    .enum(['true', 'false'], { error: 'verified must be true or false' })
    .transform((value) => value === 'true')
    .optional(),
  pricing: z.enum(pricingModels, { error: `pricing must be one of ${pricingModels.join(', ')}` }).optional(),
  /** Extra filter: up = every probed endpoint answers; down = one of them fails. */
  health: z
    .enum(agentHealthFilters, { error: `health must be one of ${agentHealthFilters.join(', ')}` })
    .optional(),
  /** Extra filter: agents with an MCP endpoint last found speaking this protocol revision. */
  protocol: z.enum(mcpRevisions, { error: `protocol must be one of ${mcpRevisions.join(', ')}` }).optional(),
  /**
   * Extra filter: leaves out agents whose MCP server's tools have a risk finding above this severity
   * (`warning` hides those with danger findings); agents not yet probed stay.
   */
  maxRiskSeverity: z
    .enum(riskFilterSeverities, {
      error: `maxRiskSeverity must be one of ${riskFilterSeverities.join(', ')}`,
    })
    .optional(),
  sort: z.enum(agentSorts, { error: `sort must be one of ${agentSorts.join(', ')}` }).optional(),
  page: pageQuery,
  limit: limitQuery(AGENTS_PAGE_SIZE_DEFAULT, AGENTS_PAGE_SIZE_MAX),
});
export type AgentListQuery = z.infer<typeof agentListQuerySchema>;

export const ratingSummarySchema = z.object({
  average: z.number(),
  count: z.number().int(),
  distribution: z.object({
    1: z.number().int(),
    2: z.number().int(),
    3: z.number().int(),
    4: z.number().int(),
    5: z.number().int(),
  }),
});
export type RatingSummary = z.infer<typeof ratingSummarySchema>;

export const agentCategoryRefSchema = z.object({ slug: z.string(), name: z.string() });

/**
 * Extra field: an agent's trust at a glance, for its header and card. health: its probed endpoints
 * all answer (up), one fails (down), none probed yet (unknown), it lists no endpoint (none);
 * protocols: the MCP protocol revisions its endpoints were last found speaking, newest first;
 * ownership: the methods of its active claims.
 */
export const agentTrustSchema = z.object({
  health: z.enum(agentHealthStates),
  protocols: z.array(z.string()),
  ownership: z.array(z.enum(claimMethods)),
});
export type AgentTrust = z.infer<typeof agentTrustSchema>;

/** A card in a listing: what cards and search results need. */
export const agentSummarySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  tagline: z.string(),
  category: agentCategoryRefSchema,
  tags: z.array(z.string()),
  pricing: z.enum(pricingModels),
  logoUrl: z.string().nullable(),
  verified: z.boolean(),
  rating: z.object({ average: z.number(), count: z.number().int() }),
  reputationScore: z.number(),
  favoritesCount: z.number().int(),
  createdAt: z.string(),
  trust: agentTrustSchema,
});
export type AgentSummary = z.infer<typeof agentSummarySchema>;

/** The addresses a listing links to, each optional: a listing, a draft and a revision read them alike. */
export const agentLinksShape = {
  websiteUrl: z.string().nullable(),
  repoUrl: z.string().nullable(),
  docsUrl: z.string().nullable(),
  /** The remote MCP server (Streamable HTTP) and the A2A agent card the listing names; both are probed. */
  mcpUrl: z.string().nullable(),
  agentCardUrl: z.string().nullable(),
};
export type AgentLinkField = keyof typeof agentLinksShape;

/** A listing's descriptive fields as they read: the public detail and the owners' and moderators' views share them. */
export const agentListingTextShape = {
  name: z.string(),
  tagline: z.string(),
  description: z.string(),
  category: agentCategoryRefSchema,
  tags: z.array(z.string()),
  ...agentLinksShape,
  pricing: z.enum(pricingModels),
};

/** GET /api/agents/{idOrSlug}. */
/** What an agent is to the signed-in person asking for it. */
export const agentViewerSchema = z.object({ isOwner: z.boolean(), reviewId: z.number().int().nullable() });
export type AgentViewer = z.infer<typeof agentViewerSchema>;

export const agentDetailSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  ...agentListingTextShape,
  logoUrl: z.string().nullable(),
  verified: z.boolean(),
  owner: z.object({ displayName: z.string() }),
  rating: ratingSummarySchema,
  reputationScore: z.number(),
  favoritesCount: z.number().int(),
  viewsCount: z.number().int(),
  status: z.enum(agentStatuses),
  createdAt: z.string(),
  updatedAt: z.string(),
  trust: agentTrustSchema,
  /** Present when the request is signed in: what this agent is to the person asking. */
  viewer: agentViewerSchema.optional(),
});
export type AgentDetail = z.infer<typeof agentDetailSchema>;

export const agentListResponseSchema = pagedSchema('agents', agentSummarySchema).extend({
  /** Set when nothing matched the words as typed and these corrected words were searched instead. */
  didYouMean: z.string().optional(),
});
export type AgentListResponse = z.infer<typeof agentListResponseSchema>;

export const agentIdOrSlugParamsSchema = z.object({
  id: z.string().min(1).max(120),
});

/** POST /api/agents/{id}/views: accepted (a visitor is counted once per agent and day). */
export const viewCountedResponseSchema = z.object({ counted: z.boolean() });

/** GET /api/home?verified=true: only verified agents in every section. */
export const homeQuerySchema = z.object({ verified: z.enum(['true', 'false']).optional() });

/** GET /api/home: the sections of the home page in one call. */
export const homeResponseSchema = z.object({
  featured: z.array(agentSummarySchema),
  topRated: z.array(agentSummarySchema),
  trending: z.array(agentSummarySchema),
  newest: z.array(agentSummarySchema),
  stats: z.object({ agents: z.number().int(), reviews: z.number().int(), categories: z.number().int() }),
});
export type HomeResponse = z.infer<typeof homeResponseSchema>;
