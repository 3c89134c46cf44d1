import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request.js';
import { toast } from '../../../lib/toast.js';
import { GITHUB_STATUS_KEY } from './get-github-status.js';
import { GITHUB_INSTALLATIONS_KEY } from './get-installations.js';

export function disconnectGithub(): Promise<unknown> {
  return request<unknown>('/api/github/connection', { method: 'DELETE' });
}

export function useDisconnectGithub() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disconnectGithub,
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: GITHUB_INSTALLATIONS_KEY });
      void queryClient.invalidateQueries({ queryKey: GITHUB_STATUS_KEY });
      toast.success('GitHub disconnected', { description: 'Your GitHub account is no longer connected.' });
    },
    onError: (error) => toast.error('Could not disconnect GitHub', { description: error.message }),
  });
}
