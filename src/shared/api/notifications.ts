import { z } from 'zod';
import { limitQuery, pagedSchema, pageQuery } from './paging.js';

export const notificationTypes = ['report', 'review', 'favorite', 'system', 'other'] as const;

/** Spec section 3: Notification. */
export const notificationSchema = z.object({
  id: z.number().int(),
  type: z.enum(notificationTypes),
  title: z.string(),
  message: z.string(),
  link: z.string().nullable(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListQuerySchema = z.object({
  page: pageQuery,
  limit: limitQuery(20, 100),
  read: z
    .enum(['true', 'false'], { error: 'read must be true or false' })
    .transform((value) => value === 'true')
    .optional(),
});
export type NotificationListQuery = z.infer<typeof notificationListQuerySchema>;

export const notificationListResponseSchema = pagedSchema('notifications', notificationSchema);
export type NotificationListResponse = z.infer<typeof notificationListResponseSchema>;

export const unreadCountSchema = z.object({ count: z.number().int() });
