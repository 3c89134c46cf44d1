import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { Notification, NotificationListResponse } from '../../../../shared/api/notifications.js';
import { queryKeys } from '../../../lib/query-keys.js';
import { responseSchemas } from '../../../lib/response-schemas.js';
import { request, withQuery } from '../../../lib/request.js';

export interface NotificationListParams {
  limit?: number | undefined;
  page?: number | undefined;
  read?: boolean | undefined;
}

/** The popover shows the newest 20. */
export const POPOVER_LIST_PARAMS: NotificationListParams = { limit: 20 };

export function getNotifications(params: NotificationListParams, signal?: AbortSignal) {
  return request<NotificationListResponse>(
    withQuery('/api/notifications', { limit: params.limit, page: params.page, read: params.read }),
    { schema: responseSchemas.notificationList, ...(signal ? { signal } : {}) },
  );
}

export function notificationsQueryOptions(params: NotificationListParams) {
  return queryOptions({
    queryKey: queryKeys.notifications.list({ limit: params.limit, page: params.page, read: params.read }),
    queryFn: ({ signal }) => getNotifications(params, signal),
  });
}

/** Spec section 6: notification calls are enabled only when a user exists. */
export function useNotifications(params: NotificationListParams, enabled: boolean) {
  return useQuery({ ...notificationsQueryOptions(params), enabled });
}

function listParams(queryKey: readonly unknown[]): NotificationListParams {
  const params = queryKey[1];
  return typeof params === 'object' && params !== null ? (params as NotificationListParams) : {};
}

/** Applies `update` to every cached notification list. */
export function updateCachedNotificationLists(
  queryClient: QueryClient,
  update: (list: NotificationListResponse, params: NotificationListParams) => NotificationListResponse,
) {
  for (const [queryKey, list] of queryClient.getQueriesData<NotificationListResponse>({
    queryKey: queryKeys.notifications.lists(),
  })) {
    if (!list) continue;
    queryClient.setQueryData(queryKey, update(list, listParams(queryKey)));
  }
}

const newestFirst = (a: Notification, b: Notification) =>
  b.createdAt.localeCompare(a.createdAt) || b.id - a.id;

/**
 * Spec section 4: real-time notifications are merged with fetched ones by id, newest first. Only first pages
 * take new items (later pages shift, and are refetched when opened); a read=true list never takes unread ones.
 */
export function mergeNotifications(
  list: NotificationListResponse,
  params: NotificationListParams,
  incoming: Notification[],
): NotificationListResponse {
  const accepted = incoming.filter(
    (notification) => params.read === undefined || notification.read === params.read,
  );
  if (accepted.length === 0 || (params.page ?? 1) !== 1) return list;
  const byId = new Map(list.notifications.map((notification) => [notification.id, notification]));
  let added = 0;
  for (const notification of accepted) {
    if (!byId.has(notification.id)) added += 1;
    byId.set(notification.id, notification);
  }
  const merged = [...byId.values()].sort(newestFirst);
  const limit = params.limit ?? merged.length;
  const totalCount = list.totalCount + added;
  return {
    ...list,
    notifications: merged.slice(0, Math.max(limit, list.notifications.length)),
    totalCount,
    totalPages: params.limit ? Math.max(1, Math.ceil(totalCount / params.limit)) : list.totalPages,
  };
}
