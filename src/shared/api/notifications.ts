import { z } from 'zod';
import { ROW_ID_MAX } from '../limits.js';
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

/** PUT /api/notifications/mark-all-read: how many were unread. */
export const markAllReadResponseSchema = z.object({ updated: z.number().int() });
export type MarkAllReadResponse = z.infer<typeof markAllReadResponseSchema>;

/** PUT /api/notifications/{id}/read: the notification's id. */
export const notificationIdParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(ROW_ID_MAX),
});

/** POST /api/admin/notifications: a system message to everyone, or to the listed users. */
export const broadcastSchema = z.strictObject({
  title: z.string().trim().min(1, 'Write a title').max(120, 'The title can have at most 120 characters'),
  message: z
    .string()
    .trim()
    .min(1, 'Write a message')
    .max(1000, 'The message can have at most 1000 characters'),
  link: z
    .string()
    .trim()
    .max(300)
    .regex(/^\/(?!\/)/, 'The link must be a path on this site, like /agents')
    .nullish()
    .transform((value) => value || null),
  userIds: z.array(z.number().int().positive().max(ROW_ID_MAX)).max(100_000).optional(),
});
export const broadcastResponseSchema = z.object({ recipients: z.number().int() });

/** GET /ws?userId={id}: the websocket of the signed-in user. */
export const notificationSocketQuerySchema = z.object({ userId: z.coerce.number().int().positive() });

/**
 * Messages the server sends: `ready` once the socket is accepted, `notifications` with freshly stored
 * ones, and `resync` when some may have been missed (the server's pub/sub was interrupted): the client
 * then fetches the list and the unread count again.
 */
export type NotificationSocketMessage =
  | { type: 'ready'; data: { userId: number } }
  | { type: 'notifications'; data: { notifications: Notification[] } }
  | { type: 'resync' };
