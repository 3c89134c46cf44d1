import { useQuery } from '@tanstack/react-query';
import { SIMILAR_AGENTS_LIMIT, SIMILAR_AGENTS_STALE_MS } from '../../../../shared/limits.js';
import { agentsQueryOptions } from './get-agents.js';

/** Spec section 7/9: GET /api/agents?category={category}&limit=4, stale after 5 minutes, without the agent itself. */
export function useSimilarAgents(category: string | undefined, excludeId: number | undefined) {
  return useQuery({
    ...agentsQueryOptions({ category, limit: SIMILAR_AGENTS_LIMIT }),
    staleTime: SIMILAR_AGENTS_STALE_MS,
    enabled: Boolean(category),
    select: (data) => data.agents.filter((agent) => agent.id !== excludeId),
  });
}
