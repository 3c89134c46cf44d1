import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../lib/toast.js';
import { request } from '../../../lib/request.js';

export function markAllNotificationsRead(): Promise<unknown> {
  return request<unknown>('/api/notifications/mark-all-read', { method: 'PUT' });
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: async () => {
      toast.success('Success', { description: 'All notifications marked as read' });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['/api/notifications'] }),
        queryClient.invalidateQueries({ queryKey: ['/api/notifications/unread-count'] }),
      ]);
    },
    onError: (error) => {
      toast.error('Error', { description: error.message });
    },
  });
}
