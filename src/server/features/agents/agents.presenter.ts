import type { AgentDetail, AgentSummary, AgentTrust } from '../../../shared/api/agents.js';
import { readProtocols, readTags } from '../../db/json-columns.js';
import { agentHealthOf, ownershipMethods, supportedRevisions } from '../../../shared/rules/trust-summary.js';
import type { ClaimMethod } from '../../../shared/trust.js';
import { publicDisplayName } from '../users/public-name.js';
import type { AgentDetailRow, AgentsRepo, AgentSummaryRow } from './agents.repo.js';

type TrustParts = Awaited<ReturnType<AgentsRepo['findTrustParts']>>;

/** The trust of an agent that lists no endpoint and has no active claim. */
export const NO_TRUST: AgentTrust = { health: 'none', protocols: [], ownership: [] };

/** Each agent's trust summary from its endpoints and active claims; agents with neither are absent (NO_TRUST). */
export function presentTrust(parts: TrustParts): Map<number, AgentTrust> {
  const endpoints = new Map<number, TrustParts['endpoints']>();
  for (const endpoint of parts.endpoints)
    endpoints.set(endpoint.agent_id, [...(endpoints.get(endpoint.agent_id) ?? []), endpoint]);
  const methods = new Map<number, ClaimMethod[]>();
  for (const claim of parts.claims)
    methods.set(claim.agent_id, [...(methods.get(claim.agent_id) ?? []), claim.method]);
  const trust = new Map<number, AgentTrust>();
  const named = new Set(parts.listingEndpoints.map((row) => row.id));
  for (const agentId of new Set([...endpoints.keys(), ...methods.keys(), ...named])) {
    const own = endpoints.get(agentId) ?? [];
    trust.set(agentId, {
      // A listing that names an endpoint the probes have not taken up yet is unknown, not none.
      health: agentHealthOf(own.length > 0 || !named.has(agentId) ? own.map((e) => e.status) : ['unknown']),
      protocols: supportedRevisions(
        own
          .filter((endpoint) => endpoint.kind === 'mcp')
          .flatMap((endpoint) => readProtocols(endpoint.protocols)),
      ),
      ownership: ownershipMethods(methods.get(agentId) ?? []),
    });
  }
  return trust;
}

/** The name shown for agents listed by the AgentAtlas team rather than by a member. */
export const HOUSE_OWNER_NAME = 'AgentAtlas';

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/** An agent's rating and reputation as every listing shows them: the average to 2 places, the score to 1. */
export function presentScores(
  row: Pick<AgentSummaryRow, 'rating_average' | 'rating_count' | 'reputation_score'>,
) {
  return {
    rating: { average: round(row.rating_average, 2), count: row.rating_count },
    reputationScore: round(row.reputation_score, 1),
  };
}

export function presentAgentSummary(row: AgentSummaryRow, trust: AgentTrust): AgentSummary {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    tagline: row.tagline,
    category: { slug: row.category_slug, name: row.category_name },
    tags: readTags(row.tags),
    pricing: row.pricing,
    logoUrl: row.logo_url,
    verified: row.verified === 1,
    ...presentScores(row),
    favoritesCount: row.favorites_count,
    createdAt: row.created_at,
    trust,
  };
}

export function presentAgentDetail(row: AgentDetailRow, trust: AgentTrust): AgentDetail {
  const summary = presentAgentSummary(row, trust);
  return {
    id: summary.id,
    slug: summary.slug,
    name: summary.name,
    tagline: summary.tagline,
    description: row.description,
    category: summary.category,
    tags: summary.tags,
    websiteUrl: row.website_url,
    repoUrl: row.repo_url,
    docsUrl: row.docs_url,
    mcpUrl: row.mcp_url,
    agentCardUrl: row.agent_card_url,
    pricing: summary.pricing,
    logoUrl: summary.logoUrl,
    verified: summary.verified,
    owner: {
      displayName:
        row.owner_id === null
          ? HOUSE_OWNER_NAME
          : publicDisplayName({
              first_name: row.owner_first_name,
              last_name: row.owner_last_name,
              full_name: row.owner_full_name,
              username: row.owner_username ?? '',
              is_anonymous: row.owner_is_anonymous ?? 0,
            }),
    },
    rating: {
      average: summary.rating.average,
      count: summary.rating.count,
      distribution: { 1: row.rating_1, 2: row.rating_2, 3: row.rating_3, 4: row.rating_4, 5: row.rating_5 },
    },
    reputationScore: summary.reputationScore,
    favoritesCount: summary.favoritesCount,
    viewsCount: row.views_count,
    status: row.status,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    trust,
  };
}
