import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/request.js';

export interface UnreadCountResponse {
  count: number;
}

export const UNREAD_COUNT_KEY = ['/api/notifications/unread-count'] as const;

export function getUnreadCount(signal?: AbortSignal): Promise<UnreadCountResponse> {
  return request<UnreadCountResponse>(UNREAD_COUNT_KEY[0], signal ? { signal } : {});
}

export const unreadCountQueryOptions = queryOptions({
  queryKey: UNREAD_COUNT_KEY,
  queryFn: ({ signal }) => getUnreadCount(signal),
});

/** Spec section 6: notification calls are enabled only when a user exists. */
export function useUnreadCount(enabled: boolean) {
  return useQuery({ ...unreadCountQueryOptions, enabled });
}
