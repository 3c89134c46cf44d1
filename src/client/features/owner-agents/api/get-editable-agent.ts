import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EditableAgent } from '../../../../shared/api/submissions.js';
import { request } from '../../../lib/request.js';
import { OWNER_AGENTS_KEY } from './get-owner-agents.js';

export const editableAgentKey = (id: number) => [...OWNER_AGENTS_KEY, id] as const;

export function getEditableAgent(id: number, signal?: AbortSignal): Promise<EditableAgent> {
  return request<EditableAgent>(`/api/user/agents/${id}`, signal ? { signal } : {});
}

export function editableAgentQueryOptions(id: number) {
  return queryOptions({
    queryKey: editableAgentKey(id),
    queryFn: ({ signal }) => getEditableAgent(id, signal),
  });
}

/** One owned agent with the values to edit (a waiting revision's when there is one); 404 when not ours. */
export function useEditableAgent(id: number | null) {
  return useQuery({ ...editableAgentQueryOptions(id ?? 0), staleTime: 0, enabled: id !== null });
}
