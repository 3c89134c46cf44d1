import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { CurrentUser } from '../../../../shared/api/auth.js';
import type { Notification } from '../../../../shared/api/notifications.js';
import { useAuthSession } from '../../../lib/auth-session.js';
import { openNotificationSocket, type SocketMessage } from '../../../lib/notification-socket.js';
import { queryKeys } from '../../../lib/query-keys.js';
import { mergeNotifications, updateCachedNotificationLists } from '../api/get-notifications.js';
import type { UnreadCountResponse } from '../api/get-unread-count.js';

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
 * Nothing is missed silently: on every reconnect and on the server's `resync` (its pub/sub was interrupted)
 * the lists and the count are fetched again.
 */
export function useNotificationSocket(userId: number | null) {
  const queryClient = useQueryClient();
  const { isSessionEndExpected } = useAuthSession();
  useEffect(() => {
    if (userId === null || typeof WebSocket === 'undefined') return;
    const refetchNotifications = () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.notifications.lists() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.notifications.unreadCount() });
    };
    const connection = openNotificationSocket({
      userId,
      onMessage: (message) => {
        const incoming = incomingNotifications(message);
        if (incoming.length === 0) return;
        // Count only unread ones the cache did not know yet (a reconnect may resend).
        const known = new Set<number>();
        for (const [, list] of queryClient.getQueriesData<{ notifications: Notification[] }>({
          queryKey: queryKeys.notifications.lists(),
        })) {
          for (const notification of list?.notifications ?? []) known.add(notification.id);
        }
        const newUnread = incoming.filter((item) => !item.read && !known.has(item.id)).length;
        updateCachedNotificationLists(queryClient, (list, params) =>
          mergeNotifications(list, params, incoming),
        );
        const count = queryClient.getQueryData<UnreadCountResponse>(queryKeys.notifications.unreadCount());
        if (count)
          queryClient.setQueryData(queryKeys.notifications.unreadCount(), { count: count.count + newUnread });
        else void queryClient.invalidateQueries({ queryKey: queryKeys.notifications.unreadCount() });
      },
      onReady: (reconnected) => {
        // Whatever arrived while the socket was down is fetched again.
        if (reconnected) refetchNotifications();
      },
      onResync: refetchNotifications,
      onSessionEnded: () => {
        // Ended by a call of this tab (account deletion): its answer takes the person home.
        if (isSessionEndExpected()) return;
        // This session ended; another may have replaced it (a sign-in in another tab rotates the session).
        void queryClient.invalidateQueries({ queryKey: queryKeys.auth.currentUser() }).then(() => {
          const current = queryClient.getQueryData<CurrentUser | null>(queryKeys.auth.currentUser());
          if (current?.id === userId) connection.reconnect();
        });
      },
      // A refused handshake: not signed in any more, or the server is away. Ask who is signed in.
      onRefused: () => void queryClient.invalidateQueries({ queryKey: queryKeys.auth.currentUser() }),
    });
    return () => connection.close();
  }, [userId, queryClient, isSessionEndExpected]);
}
