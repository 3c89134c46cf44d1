import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/request.js';

export interface UnreadCountResponse {
  count: number;
}

export function getUnreadCount(signal?: AbortSignal): Promise<UnreadCountResponse> {
  return request<UnreadCountResponse>('/api/notifications/unread-count', signal ? { signal } : {});
}

export const unreadCountQueryOptions = queryOptions({
  queryKey: ['/api/notifications/unread-count'],
  queryFn: ({ signal }) => getUnreadCount(signal),
});

/** Spec section 6: notification calls are enabled only when a user exists. */
export function useUnreadCount(enabled: boolean) {
  return useQuery({ ...unreadCountQueryOptions, enabled });
}
