import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdvisoryInput, AdvisoryList, OsvAdvisory } from '../../../../shared/api/advisories.js';
import { queryKeys } from '../../../lib/query-keys.js';
import { request } from '../../../lib/request.js';

/** GET /api/advisories?affects=<slug>: the advisories naming the agent, newest first. */
export function useAgentAdvisories(slug: string) {
  return useQuery({
    queryKey: queryKeys.advisories.ofAgent(slug),
    queryFn: ({ signal }) =>
      request<AdvisoryList>(`/api/advisories?${new URLSearchParams({ affects: slug })}`, { signal }),
    staleTime: 60_000,
  });
}

/** GET /api/advisories: the newest of all, for the admins' page. */
export function useAllAdvisories() {
  return useQuery({
    queryKey: queryKeys.advisories.all(),
    queryFn: ({ signal }) => request<AdvisoryList>('/api/advisories', { signal }),
  });
}

/** Every advisory list and every agent page's advisories are read again after a change. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.advisories.all() });
}

/** POST /api/admin/advisories. */
export function usePublishAdvisory() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: AdvisoryInput) =>
      request<OsvAdvisory>('/api/admin/advisories', { method: 'POST', body }),
    onSuccess: () => refresh(),
  });
}

/** POST /api/admin/advisories/{id}/withdraw. */
export function useWithdrawAdvisory() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) =>
      request<OsvAdvisory>(`/api/admin/advisories/${encodeURIComponent(id)}/withdraw`, { method: 'POST' }),
    onSuccess: () => refresh(),
  });
}
