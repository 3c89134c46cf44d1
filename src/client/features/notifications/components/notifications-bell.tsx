import * as Popover from '@radix-ui/react-popover';
import { formatDistanceToNow } from 'date-fns';
import { Bell } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { POPOVER_MAX_HEIGHT_PX } from '../../../../shared/limits.js';
import { badgeText } from '../../../../shared/rules/layout.js';
import { cn } from '../../../lib/cn.js';
import { useNotifications } from '../api/get-notifications.js';
import { useUnreadCount } from '../api/get-unread-count.js';
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read.js';

/** The bell with the unread badge (99+ above 99) and the notifications popover (spec section 2). */
export function NotificationsBell() {
  const [open, setOpen] = useState(false);
  const unread = useUnreadCount(true);
  const list = useNotifications({ limit: 20 }, open);
  const markAll = useMarkAllNotificationsRead();
  const count = unread.data?.count ?? 0;
  const notifications = list.data?.notifications ?? [];

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger
        className="relative inline-flex h-10 w-10 cursor-pointer items-center justify-center rounded-full text-slate-700 hover:bg-slate-100 hover:text-slate-900"
        aria-label={count > 0 ? `Notifications, ${count} unread` : 'Notifications'}
      >
        <Bell className="h-5 w-5" aria-hidden="true" />
        {count > 0 && (
          <span
            aria-hidden="true"
            className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-[11px] leading-5 font-semibold text-white ring-2 ring-white"
          >
            {badgeText(count)}
          </span>
        )}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={10}
          collisionPadding={12}
          className="z-50 w-[min(22rem,calc(100vw-1.5rem))] rounded-2xl border border-slate-200 bg-white shadow-xl"
        >
          <div className="flex items-center justify-between border-b border-slate-100 px-4 py-3">
            <h2 className="text-sm font-semibold text-slate-900">Notifications</h2>
            <button
              type="button"
              onClick={() => markAll.mutate()}
              disabled={markAll.isPending || count === 0}
              className="cursor-pointer rounded-md px-2 py-1 text-xs font-medium text-brand-700 hover:bg-brand-50 disabled:cursor-default disabled:text-slate-500 disabled:hover:bg-transparent"
            >
              Mark all as read
            </button>
          </div>
          <div className="overflow-y-auto" style={{ maxHeight: POPOVER_MAX_HEIGHT_PX }}>
            {list.isPending ? (
              <p className="px-4 py-8 text-center text-sm text-slate-600">Loading notifications...</p>
            ) : list.isError ? (
              <p role="alert" className="px-4 py-8 text-center text-sm text-red-700">
                Failed to fetch notifications
              </p>
            ) : notifications.length === 0 ? (
              <p className="px-4 py-8 text-center text-sm text-slate-600">No notifications yet</p>
            ) : (
              <ul className="divide-y divide-slate-100">
                {notifications.map((notification) => (
                  <li
                    key={notification.id}
                    className={cn('px-4 py-3', !notification.read && 'bg-brand-50/60')}
                  >
                    <div className="flex items-start gap-2">
                      {!notification.read && (
                        <span
                          className="mt-1.5 h-2 w-2 shrink-0 rounded-full bg-brand-600"
                          aria-label="Unread"
                          role="img"
                        />
                      )}
                      <div className="min-w-0 flex-1">
                        <p className="text-sm font-medium text-slate-900">{notification.title}</p>
                        <p className="mt-0.5 text-sm text-slate-600">{notification.message}</p>
                        <div className="mt-1 flex items-center justify-between gap-2 text-xs text-slate-600">
                          <time dateTime={notification.createdAt}>
                            {formatDistanceToNow(new Date(notification.createdAt), { addSuffix: true })}
                          </time>
                          {notification.link && (
                            <Link
                              to={notification.link}
                              onClick={() => setOpen(false)}
                              className="font-medium text-brand-700 hover:underline"
                            >
                              View details
                            </Link>
                          )}
                        </div>
                      </div>
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
