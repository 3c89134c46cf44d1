import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AgentHealth } from '../../../../shared/api/probes.js';
import { queryKeys } from '../../../lib/query-keys.js';
import { request } from '../../../lib/request.js';

/**
 * POST /api/agents/{id}/conformance (owner or admin): runs the MCP conformance suite now; the answer
 * replaces the shown health.
 */
export function useRunConformance(agentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => request<AgentHealth>(`/api/agents/${agentId}/conformance`, { method: 'POST' }),
    onSuccess: (health) => queryClient.setQueryData(queryKeys.agents.health(agentId), health),
  });
}
