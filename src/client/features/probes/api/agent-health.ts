import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AgentHealth } from '../../../../shared/api/probes.js';
import { queryKeys } from '../../../lib/query-keys.js';
import { request } from '../../../lib/request.js';

/** Probes run every 15 minutes or so; a minute old is fresh enough for a page. */
const HEALTH_STALE_MS = 60_000;

/** GET /api/agents/{id}/health: the live health of the agent's endpoints. */
export function useAgentHealth(agentId: number, enabled = true) {
  return useQuery({
    queryKey: queryKeys.agents.health(agentId),
    queryFn: ({ signal }) => request<AgentHealth>(`/api/agents/${agentId}/health`, { signal }),
    staleTime: HEALTH_STALE_MS,
    enabled,
  });
}

/**
 * POST /api/agents/{id}/probe (owner or admin): probes now; the answer replaces the shown health, and
 * the agent's detail is read again, since its trust summary (up or down, eras) may have moved.
 */
export function useProbeNow(agentId: number, slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => request<AgentHealth>(`/api/agents/${agentId}/probe`, { method: 'POST' }),
    onSuccess: (health) => {
      queryClient.setQueryData(queryKeys.agents.health(agentId), health);
      void queryClient.invalidateQueries({ queryKey: queryKeys.agents.detail(slug), exact: true });
    },
  });
}
