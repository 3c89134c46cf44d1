import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AgentRecord,
  Appeal,
  AppealList,
  CreateAppealInput,
  DecideAppealInput,
} from '../../../../shared/api/record.js';
import { queryKeys } from '../../../lib/query-keys.js';
import { request } from '../../../lib/request.js';
import { toast } from '../../../lib/toast.js';

/** GET /api/agents/{id}/record: the listing's public record, newest first. */
export function useAgentRecord(agentId: number) {
  return useQuery({
    queryKey: queryKeys.agents.record(agentId),
    queryFn: ({ signal }) => request<AgentRecord>(`/api/agents/${agentId}/record`, { signal }),
  });
}

/** POST /api/agents/{id}/appeals (the owner, once per decision). */
export function useCreateAppeal(agentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateAppealInput) =>
      request<Appeal>(`/api/agents/${agentId}/appeals`, { method: 'POST', body }),
    onSuccess: () => {
      toast.success('Appeal sent', { description: 'An administrator will decide; you will be notified.' });
      return queryClient.invalidateQueries({ queryKey: queryKeys.agents.record(agentId) });
    },
  });
}

/** GET /api/admin/appeals: the appeals waiting for a decision. */
export function usePendingAppeals() {
  return useQuery({
    queryKey: queryKeys.admin.appeals(),
    queryFn: ({ signal }) => request<AppealList>('/api/admin/appeals?status=pending', { signal }),
  });
}

/** POST /api/admin/appeals/{id}/decide */
export function useDecideAppeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ appealId, ...body }: DecideAppealInput & { appealId: number }) =>
      request<Appeal>(`/api/admin/appeals/${appealId}/decide`, { method: 'POST', body }),
    onSuccess: (appeal) =>
      toast.success(appeal.status === 'upheld' ? 'Appeal upheld' : 'Appeal denied', {
        description: appeal.agentName,
      }),
    onError: (error) => toast.error('The appeal could not be decided', { description: error.message }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.appeals() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.submissions() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.agents.all() }),
      ]),
  });
}
