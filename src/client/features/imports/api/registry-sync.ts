import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ImportCandidateList, RegistrySyncStatus } from '../../../../shared/api/imports.js';
import type { ImportDraftResponse } from '../../../../shared/api/submissions.js';
import { queryKeys } from '../../../lib/query-keys.js';
import { request, withQuery } from '../../../lib/request.js';
import { toast } from '../../../lib/toast.js';

/** GET /api/admin/registry-sync; asked again every 2 s while a run is under way. */
export function useRegistrySync() {
  return useQuery({
    queryKey: queryKeys.imports.registrySync(),
    queryFn: () => request<RegistrySyncStatus>('/api/admin/registry-sync'),
    refetchInterval: (query) => (query.state.data?.running ? 2000 : false),
  });
}

function useSyncChange<T>(mutationFn: (input: T) => Promise<RegistrySyncStatus>, failed: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (status) => {
      queryClient.setQueryData(queryKeys.imports.registrySync(), status);
      void queryClient.invalidateQueries({ queryKey: queryKeys.imports.candidates() });
    },
    onError: (error) => toast.error(failed, { description: error.message }),
  });
}

/** PUT /api/admin/registry-sync: the switch moves at once, and back if the server refuses. */
export function useSetSyncEnabled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) =>
      request<RegistrySyncStatus>('/api/admin/registry-sync', { method: 'PUT', body: { enabled } }),
    onMutate: (enabled) => {
      // A read under way would put the old value back.
      void queryClient.cancelQueries({ queryKey: queryKeys.imports.registrySync() });
      queryClient.setQueryData<RegistrySyncStatus>(queryKeys.imports.registrySync(), (status) =>
        status ? { ...status, enabled } : status,
      );
    },
    onSuccess: (status) => queryClient.setQueryData(queryKeys.imports.registrySync(), status),
    onError: (error) => {
      toast.error('The setting was not saved', { description: error.message });
      void queryClient.invalidateQueries({ queryKey: queryKeys.imports.registrySync() });
    },
  });
}

/** POST /api/admin/registry-sync/run → 202: the run goes on in the background. */
export function useRunSyncNow() {
  return useSyncChange(
    () => request<RegistrySyncStatus>('/api/admin/registry-sync/run', { method: 'POST' }),
    'The sync did not start',
  );
}

/** GET /api/admin/import-candidates, newest first, a page at a time. */
export function useImportCandidates() {
  return useInfiniteQuery({
    queryKey: queryKeys.imports.candidates(),
    queryFn: ({ pageParam }) =>
      request<ImportCandidateList>(withQuery('/api/admin/import-candidates', { before: pageParam })),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.nextBefore ?? undefined,
  });
}

/** Dismiss (204) or draft (201) a candidate; either way it leaves the list. */
export function useDecideCandidate(onDrafted: (draft: ImportDraftResponse) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, action }: { id: number; action: 'dismiss' | 'draft' }) =>
      action === 'dismiss'
        ? request<null>(`/api/admin/import-candidates/${id}/dismiss`, { method: 'POST' })
        : request<ImportDraftResponse>(`/api/admin/import-candidates/${id}/draft`, { method: 'POST' }),
    onSuccess: (result, { action }) => {
      if (action === 'draft' && result) onDrafted(result);
      else toast.success('Candidate dismissed');
    },
    onError: (error) => toast.error('That did not work', { description: error.message }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.imports.candidates() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.imports.registrySync() }),
      ]),
  });
}
