import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { unreadCountSchema } from '../../../../shared/api/notifications.js';
import { queryKeys } from '../../../lib/query-keys.js';
import { responseSchemas } from '../../../lib/response-schemas.js';
import { request } from '../../../lib/request.js';

export type UnreadCountResponse = z.infer<typeof unreadCountSchema>;

export function getUnreadCount(signal?: AbortSignal): Promise<UnreadCountResponse> {
  return request<UnreadCountResponse>('/api/notifications/unread-count', {
    schema: responseSchemas.unreadCount,
    ...(signal ? { signal } : {}),
  });
}

export const unreadCountQueryOptions = queryOptions({
  queryKey: queryKeys.notifications.unreadCount(),
  queryFn: ({ signal }) => getUnreadCount(signal),
});

/** Spec section 6: notification calls are enabled only when a user exists. */
export function useUnreadCount(enabled: boolean) {
  return useQuery({ ...unreadCountQueryOptions, enabled });
}
