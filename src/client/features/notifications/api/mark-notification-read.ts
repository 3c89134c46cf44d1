import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Notification, NotificationListResponse } from '../../../../shared/api/notifications.js';
import { queryKeys } from '../../../lib/query-keys.js';
import { responseSchemas } from '../../../lib/response-schemas.js';
import { request } from '../../../lib/request.js';
import { toast } from '../../../lib/toast.js';
import { updateCachedNotificationLists } from './get-notifications.js';
import type { UnreadCountResponse } from './get-unread-count.js';

/** PUT /api/notifications/{id}/read: answers the notification, which replaces the cached one. */
export function markNotificationRead(id: number): Promise<Notification> {
  return request<Notification>(`/api/notifications/${id}/read`, {
    method: 'PUT',
    schema: responseSchemas.notification,
  });
}

/** Spec section 4: an unread notification becomes read on click; shown at once, undone if the call fails. */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onMutate: async (id: number) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.notifications.lists() });
      await queryClient.cancelQueries({ queryKey: queryKeys.notifications.unreadCount() });
      const lists = queryClient.getQueriesData<NotificationListResponse>({
        queryKey: queryKeys.notifications.lists(),
      });
      const count = queryClient.getQueryData<UnreadCountResponse>(queryKeys.notifications.unreadCount());
      updateCachedNotificationLists(queryClient, (list) => ({
        ...list,
        notifications: list.notifications.map((item) => (item.id === id ? { ...item, read: true } : item)),
      }));
      if (count)
        queryClient.setQueryData(queryKeys.notifications.unreadCount(), {
          count: Math.max(0, count.count - 1),
        });
      return { lists, count };
    },
    onError: (error, _id, context) => {
      for (const [queryKey, list] of context?.lists ?? []) queryClient.setQueryData(queryKey, list);
      if (context?.count) queryClient.setQueryData(queryKeys.notifications.unreadCount(), context.count);
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
