import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Changelog,
  CreatePolicyInput,
  Policy,
  PolicyPreview,
  UpdatePolicyInput,
} from '../../../../shared/api/policies.js';
import { policyChangelogPath } from '../../../../shared/api/policies.js';
import { queryKeys } from '../../../lib/query-keys.js';
import { request } from '../../../lib/request.js';

const policyPath = (slug: string) => `/api/policies/${encodeURIComponent(slug)}`;

export function usePolicies() {
  return useQuery({
    queryKey: queryKeys.policies.list(),
    queryFn: ({ signal }) => request<{ policies: Policy[] }>('/api/policies', { signal }),
  });
}

export function usePolicy(slug: string) {
  return useQuery({
    queryKey: queryKeys.policies.one(slug),
    queryFn: ({ signal }) => request<Policy>(policyPath(slug), { signal }),
  });
}

export function usePolicyPreview(slug: string) {
  return useQuery({
    queryKey: queryKeys.policies.preview(slug),
    queryFn: ({ signal }) => request<PolicyPreview>(`${policyPath(slug)}/preview`, { signal }),
  });
}

export function usePolicyChangelog(slug: string) {
  return useQuery({
    queryKey: queryKeys.policies.changelog(slug),
    queryFn: ({ signal }) => request<Changelog>(policyChangelogPath(slug), { signal }),
  });
}

/** Everything about the person's views is read again after a change: the view, its preview, its log. */
function useRefresh() {
  const queryClient = useQueryClient();
  return async (slug?: string) => {
    await queryClient.invalidateQueries({ queryKey: queryKeys.policies.list() });
    if (slug) await queryClient.invalidateQueries({ queryKey: queryKeys.policies.changelog(slug) });
  };
}

export function useCreatePolicy() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: CreatePolicyInput) => request<Policy>('/api/policies', { method: 'POST', body }),
    onSuccess: () => refresh(),
  });
}

export function useUpdatePolicy(slug: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: UpdatePolicyInput) => request<Policy>(policyPath(slug), { method: 'PUT', body }),
    onSuccess: () => refresh(slug),
  });
}

export function useDeletePolicy(slug: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: () => request<null>(policyPath(slug), { method: 'DELETE' }),
    onSuccess: () => refresh(),
  });
}

export function useApproveServer(slug: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (serverName: string) =>
      request<Policy>(`${policyPath(slug)}/approve`, { method: 'POST', body: { serverName } }),
    onSuccess: () => refresh(slug),
  });
}
