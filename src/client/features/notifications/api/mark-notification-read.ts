import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Notification, NotificationListResponse } from '../../../../shared/api/notifications.js';
import { request } from '../../../lib/request.js';
import { toast } from '../../../lib/toast.js';
import { NOTIFICATIONS_KEY, updateCachedNotificationLists } from './get-notifications.js';
import { UNREAD_COUNT_KEY, type UnreadCountResponse } from './get-unread-count.js';

export function markNotificationRead(id: number): Promise<Notification> {
  return request<Notification>(`/api/notifications/${id}/read`, { method: 'PUT' });
}

/** Spec section 4: an unread notification becomes read on click; shown at once, undone if the call fails. */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onMutate: async (id: number) => {
      await queryClient.cancelQueries({ queryKey: NOTIFICATIONS_KEY });
      await queryClient.cancelQueries({ queryKey: UNREAD_COUNT_KEY });
      const lists = queryClient.getQueriesData<NotificationListResponse>({ queryKey: NOTIFICATIONS_KEY });
      const count = queryClient.getQueryData<UnreadCountResponse>(UNREAD_COUNT_KEY);
      updateCachedNotificationLists(queryClient, (list) => ({
        ...list,
        notifications: list.notifications.map((item) => (item.id === id ? { ...item, read: true } : item)),
      }));
      if (count) queryClient.setQueryData(UNREAD_COUNT_KEY, { count: Math.max(0, count.count - 1) });
      return { lists, count };
    },
    onError: (error, _id, context) => {
      for (const [queryKey, list] of context?.lists ?? []) queryClient.setQueryData(queryKey, list);
      if (context?.count) queryClient.setQueryData(UNREAD_COUNT_KEY, context.count);
      toast.error('Error', { description: error.message });
    },
    onSuccess: (notification) => {
      updateCachedNotificationLists(queryClient, (list) => ({
        ...list,
        notifications: list.notifications.map((item) => (item.id === notification.id ? notification : item)),
      }));
    },
  });
}
