import { queryOptions, useQuery } from '@tanstack/react-query';
import { request, withQuery } from '../../../lib/request.js';

/** Spec section 3. The shared API has no notification schema yet. */
export interface AppNotification {
  id: number | string;
  type: 'report' | 'review' | 'favorite' | 'system' | string;
  title: string;
  message: string;
  link: string | null;
  read: boolean;
  createdAt: string;
}

export interface NotificationListResponse {
  notifications: AppNotification[];
  totalCount: number;
  totalPages: number;
  currentPage: number;
}

export interface NotificationListParams {
  limit?: number;
  page?: number;
  read?: boolean;
}

export function getNotifications(params: NotificationListParams, signal?: AbortSignal) {
  return request<NotificationListResponse>(
    withQuery('/api/notifications', { limit: params.limit, page: params.page, read: params.read }),
    signal ? { signal } : {},
  );
}

export function notificationsQueryOptions(params: NotificationListParams) {
  return queryOptions({
    queryKey: ['/api/notifications', { limit: params.limit, page: params.page, read: params.read }],
    queryFn: ({ signal }) => getNotifications(params, signal),
  });
}

export function useNotifications(params: NotificationListParams, enabled: boolean) {
  return useQuery({ ...notificationsQueryOptions(params), enabled });
}
