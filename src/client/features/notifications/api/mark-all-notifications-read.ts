import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MarkAllReadResponse } from '../../../../shared/api/notifications.js';
import { queryKeys } from '../../../lib/query-keys.js';
import { request } from '../../../lib/request.js';
import { toast } from '../../../lib/toast.js';
import { updateCachedNotificationLists } from './get-notifications.js';

export function markAllNotificationsRead(): Promise<MarkAllReadResponse> {
  return request<MarkAllReadResponse>('/api/notifications/mark-all-read', { method: 'PUT' });
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
      queryClient.setQueryData(queryKeys.notifications.unreadCount(), { count: 0 });
      await queryClient.invalidateQueries({ queryKey: queryKeys.notifications.lists() });
    },
    onError: (error) => {
      toast.error('Error', { description: error.message });
    },
  });
}
