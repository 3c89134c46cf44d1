import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Notification } from '../../../../shared/api/notifications.js';
import { CURRENT_USER_KEY } from '../../../lib/auth-session.js';
import { openNotificationSocket, type SocketMessage } from '../../../lib/notification-socket.js';
import {
  mergeNotifications,
  NOTIFICATIONS_KEY,
  updateCachedNotificationLists,
} from '../api/get-notifications.js';
import { UNREAD_COUNT_KEY, type UnreadCountResponse } from '../api/get-unread-count.js';

function isNotification(value: unknown): value is Notification {
  return (
    typeof value === 'object' &&
    value !== null &&
    'id' in value &&
    typeof value.id === 'number' &&
    'read' in value &&
    typeof value.read === 'boolean' &&
    'createdAt' in value &&
    typeof value.createdAt === 'string'
  );
}

function incomingNotifications(message: SocketMessage): Notification[] {
  if (message.type !== 'notifications') return [];
  const data = message.data;
  if (typeof data !== 'object' || data === null || !('notifications' in data)) return [];
  return Array.isArray(data.notifications) ? data.notifications.filter(isNotification) : [];
}

/**
 * Spec sections 4 and 7: while someone is signed in, notifications arrive over the websocket and are merged
 * into the cached lists by id, newest first; the unread count rises with them, so the badge updates at once.
 */
export function useNotificationSocket(userId: number | null) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (userId === null || typeof WebSocket === 'undefined') return;
    const connection = openNotificationSocket({
      userId,
      onMessage: (message) => {
        const incoming = incomingNotifications(message);
        if (incoming.length === 0) return;
        // Count only unread ones the cache did not know yet (a reconnect may resend).
        const known = new Set<number>();
        for (const [, list] of queryClient.getQueriesData<{ notifications: Notification[] }>({
          queryKey: NOTIFICATIONS_KEY,
        })) {
          for (const notification of list?.notifications ?? []) known.add(notification.id);
        }
        const newUnread = incoming.filter((item) => !item.read && !known.has(item.id)).length;
        updateCachedNotificationLists(queryClient, (list, params) =>
          mergeNotifications(list, params, incoming),
        );
        const count = queryClient.getQueryData<UnreadCountResponse>(UNREAD_COUNT_KEY);
        if (count) queryClient.setQueryData(UNREAD_COUNT_KEY, { count: count.count + newUnread });
        else void queryClient.invalidateQueries({ queryKey: UNREAD_COUNT_KEY });
      },
      onReady: (reconnected) => {
        // Whatever arrived while the socket was down is fetched again.
        if (!reconnected) return;
        void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
        void queryClient.invalidateQueries({ queryKey: UNREAD_COUNT_KEY });
      },
      // Not signed in, another user's id, or signed out everywhere: ask who is signed in now.
      onFatalClose: () => void queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY }),
    });
    return () => connection.close();
  }, [userId, queryClient]);
}
