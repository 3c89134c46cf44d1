import type {
  Notification,
  NotificationListQuery,
  NotificationListResponse,
} from '../../../shared/api/notifications.js';
import type { Db, Executor } from '../../db/database.js';
import type { Selectable } from 'kysely';
import type { NotificationsTable } from '../../db/schema.js';
import { notFound } from '../../errors.js';
import type { NotificationsRepo } from './notifications.repo.js';

export interface NotificationsDeps {
  notifications: NotificationsRepo;
  /** Pushes freshly stored notifications to the user's open sockets. */
  publish(userId: number, notifications: Notification[]): void;
}

export function presentNotification(row: Selectable<NotificationsTable>): Notification {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    message: row.message,
    link: row.link,
    read: row.read === 1,
    createdAt: row.created_at,
  };
}

/**
 * Stores a notification and then publishes it. Inside a transaction, pass the transaction and
 * publish only after it commits (use the returned value).
 */
export async function createNotification(
  deps: NotificationsDeps,
  executor: Executor,
  values: Pick<NotificationsTable, 'user_id' | 'type' | 'title' | 'message' | 'link'>,
): Promise<Notification> {
  return presentNotification(await deps.notifications.insert(values, executor));
}

export async function listNotifications(
  deps: NotificationsDeps,
  userId: number,
  query: NotificationListQuery,
): Promise<NotificationListResponse> {
  const [rows, totalCount] = await Promise.all([
    deps.notifications.findPage({
      userId,
      read: query.read,
      limit: query.limit,
      offset: (query.page - 1) * query.limit,
    }),
    deps.notifications.count({ userId, read: query.read }),
  ]);
  return {
    notifications: rows.map(presentNotification),
    totalCount,
    totalPages: Math.ceil(totalCount / query.limit),
    currentPage: query.page,
  };
}

export async function countUnreadNotifications(deps: NotificationsDeps, userId: number) {
  return { count: await deps.notifications.count({ userId, read: false }) };
}

export async function markAllNotificationsRead(deps: NotificationsDeps, userId: number) {
  return { updated: await deps.notifications.markAllRead(userId) };
}

export async function markNotificationRead(deps: NotificationsDeps, userId: number, id: number) {
  const row = await deps.notifications.markRead(userId, id);
  if (!row) throw notFound('Notification not found');
  return presentNotification(row);
}

const BROADCAST_BATCH = 500;

/** Stores a system message for every (or every listed) active user, then pushes it to each. */
export async function broadcastSystemMessage(
  deps: NotificationsDeps & { db: Db },
  input: { title: string; message: string; link: string | null; userIds?: number[] },
): Promise<{ recipients: number }> {
  const userIds = await deps.notifications.findActiveUserIds(input.userIds);
  const stored: Array<{ userId: number; notification: Notification }> = [];
  await deps.db.kysely.transaction().execute(async (trx) => {
    const createdAt = new Date().toISOString();
    for (let start = 0; start < userIds.length; start += BROADCAST_BATCH) {
      const rows = await deps.notifications.insertForUsers(
        userIds.slice(start, start + BROADCAST_BATCH),
        {
          type: 'system',
          title: input.title,
          message: input.message,
          link: input.link,
          created_at: createdAt,
        },
        trx,
      );
      for (const row of rows) stored.push({ userId: row.user_id, notification: presentNotification(row) });
    }
  });
  for (const { userId, notification } of stored) deps.publish(userId, [notification]);
  return { recipients: stored.length };
}
