import * as Popover from '@radix-ui/react-popover';
import { Bell } from 'lucide-react';
import { useEffect, useState } from 'react';
import { POPOVER_MAX_HEIGHT_PX } from '../../../../shared/limits.js';
import { badgeText } from '../../../../shared/rules/layout.js';
import { ScrollArea } from '../../../components/ui/scroll-area.js';
import { Tooltip } from '../../../components/ui/tooltip.js';
import { isApiError } from '../../../lib/request.js';
import { toast } from '../../../lib/toast.js';
import { POPOVER_LIST_PARAMS, useNotifications } from '../api/get-notifications.js';
import { useUnreadCount } from '../api/get-unread-count.js';
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read.js';
import { useMarkNotificationRead } from '../api/mark-notification-read.js';
import { NotificationItem } from './notification-item.js';

/**
 * Spec section 8: fetch failures are told once as a toast. An authentication failure is left to the session
 * error alert, which explains it better.
 */
function useFailureToast(error: Error | null, title: string) {
  useEffect(() => {
    if (!error || (isApiError(error) && error.type === 'authentication')) return;
    toast.error(title, { description: error.message });
  }, [error, title]);
}

/** The bell with the unread badge (99+ above 99) and the notifications popover (spec section 2). */
export function NotificationsBell() {
  const [open, setOpen] = useState(false);
  const unread = useUnreadCount(true);
  const list = useNotifications(POPOVER_LIST_PARAMS, open);
  const markAll = useMarkAllNotificationsRead();
  const markOne = useMarkNotificationRead();
  const count = unread.data?.count ?? 0;
  const notifications = list.data?.notifications ?? [];
  useFailureToast(unread.error, 'Failed to fetch unread count');
  useFailureToast(list.error, 'Failed to fetch notifications');

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Tooltip label="Notifications">
        <Popover.Trigger
          className="relative inline-flex h-10 w-10 cursor-pointer items-center justify-center rounded-full text-slate-700 hover:bg-slate-100 hover:text-slate-900"
          aria-label={count > 0 ? `Notifications, ${count} unread` : 'Notifications'}
        >
          <Bell className="h-5 w-5" aria-hidden="true" />
          {count > 0 && (
            <span
              aria-hidden="true"
              data-testid="notifications-badge"
              className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-[11px] leading-5 font-semibold text-white ring-2 ring-white"
            >
              {badgeText(count)}
            </span>
          )}
        </Popover.Trigger>
      </Tooltip>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={10}
          collisionPadding={12}
          aria-label="Notifications"
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
          <ScrollArea maxHeight={POPOVER_MAX_HEIGHT_PX}>
            {list.isPending ? (
              <p className="px-4 py-8 text-center text-sm text-slate-600" role="status">
                Loading notifications...
              </p>
            ) : list.isError ? (
              <p role="alert" className="px-4 py-8 text-center text-sm text-red-700">
                Failed to fetch notifications
              </p>
            ) : notifications.length === 0 ? (
              <p className="px-4 py-8 text-center text-sm text-slate-600">No notifications yet</p>
            ) : (
              <ul className="divide-y divide-slate-100" aria-label="Notification list">
                {notifications.map((notification) => (
                  <NotificationItem
                    key={notification.id}
                    notification={notification}
                    onRead={(id) => markOne.mutate(id)}
                    onNavigate={() => setOpen(false)}
                  />
                ))}
              </ul>
            )}
          </ScrollArea>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
