import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateAgentResponse } from '../../../../shared/api/owner-agents.js';
import type { AgentFieldsBody } from '../../../components/agent-form/agent-form-values.js';
import { queryKeys } from '../../../lib/query-keys.js';
import { request } from '../../../lib/request.js';

/**
 * PUT /api/user/agents/{id}: a published agent keeps its live listing while the change waits for review
 * ("revision"); a pending one is changed in place ("updated"); a rejected one goes back to the queue
 * ("resubmitted").
 */
export function updateAgent(id: number, fields: AgentFieldsBody): Promise<UpdateAgentResponse> {
  return request<UpdateAgentResponse>(`/api/user/agents/${id}`, { method: 'PUT', body: fields });
}

export function useUpdateAgent(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fields: AgentFieldsBody) => updateAgent(id, fields),
    onSuccess: () => {
      // The list key is a prefix of the editable agent's key, so both are refreshed.
      void queryClient.invalidateQueries({ queryKey: queryKeys.ownerAgents.list() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.ownerAgents.status(id) });
    },
  });
}
