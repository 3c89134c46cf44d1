import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request.js';
import { toast } from '../../../lib/toast.js';
import { NOTIFICATIONS_KEY, updateCachedNotificationLists } from './get-notifications.js';
import { UNREAD_COUNT_KEY } from './get-unread-count.js';

export function markAllNotificationsRead(): Promise<{ updated: number }> {
  return request<{ updated: number }>('/api/notifications/mark-all-read', { method: 'PUT' });
}

/** Spec sections 4 and 8: every unread notification becomes read; "Success" / "All notifications marked as read". */
export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: async () => {
      toast.success('Success', { description: 'All notifications marked as read' });
      updateCachedNotificationLists(queryClient, (list) => ({
        ...list,
        notifications: list.notifications.map((item) => ({ ...item, read: true })),
      }));
      queryClient.setQueryData(UNREAD_COUNT_KEY, { count: 0 });
      await queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
    },
    onError: (error) => {
      toast.error('Error', { description: error.message });
    },
  });
}
