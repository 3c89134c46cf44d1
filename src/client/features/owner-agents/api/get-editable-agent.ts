import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EditableAgent } from '../../../../shared/api/owner-agents.js';
import { queryKeys } from '../../../lib/query-keys.js';
import { request } from '../../../lib/request.js';

export function getEditableAgent(id: number, signal?: AbortSignal): Promise<EditableAgent> {
  return request<EditableAgent>(`/api/user/agents/${id}`, signal ? { signal } : {});
}

export function editableAgentQueryOptions(id: number) {
  return queryOptions({
    queryKey: queryKeys.ownerAgents.editable(id),
    queryFn: ({ signal }) => getEditableAgent(id, signal),
  });
}

/** One owned agent with the values to edit (a waiting revision's when there is one); 404 when not ours. */
export function useEditableAgent(id: number | null) {
  return useQuery({ ...editableAgentQueryOptions(id ?? 0), staleTime: 0, enabled: id !== null });
}
