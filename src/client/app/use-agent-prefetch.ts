import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { PREFETCH_INTERVAL_MS, PREFETCH_TOP_AGENTS } from '../../shared/limits.js';
import { agentReviewsQueryOptions } from '../features/reviews/api/get-agent-reviews.js';
import { agentQueryOptions } from '../features/agents/api/get-agent.js';
import { takeRecentInterests } from '../features/agents/hooks/agent-interest.js';

/**
 * Spec section 4: every 5 s, the agents with recent interest are prefetched, top 3 by recency
 * (detail and reviews page 1 with limit 5). Cached entries within their stale time are not fetched again.
 */
export function useAgentPrefetch(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const timer = window.setInterval(() => {
      for (const interest of takeRecentInterests(PREFETCH_TOP_AGENTS)) {
        void queryClient.prefetchQuery(agentQueryOptions(interest.slug));
        void queryClient.prefetchQuery(agentReviewsQueryOptions(interest.id));
      }
    }, PREFETCH_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [queryClient]);
}
