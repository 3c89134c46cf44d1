import { Bell } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { Button } from '../components/ui/button.js';
import { ListStates } from '../components/ui/list-states.js';
import { Pagination } from '../components/ui/pagination.js';
import { useNotifications } from '../features/notifications/api/get-notifications.js';
import { useMarkAllNotificationsRead } from '../features/notifications/api/mark-all-notifications-read.js';
import { useMarkNotificationRead } from '../features/notifications/api/mark-notification-read.js';
import { NotificationItem } from '../features/notifications/components/notification-item.js';
import { useAuthSession } from '../lib/auth-session.js';
import { useDocumentTitle } from '../lib/use-document-title.js';
import { paths } from '../paths.js';

const PAGE_SIZE = 20;

/** /notifications: every notification, newest first, paged; where an announcement's "View details" leads. */
export function NotificationsPage() {
  useDocumentTitle('Notifications');
  const { user } = useAuthSession();
  const [search] = useSearchParams();
  const page = Math.max(1, Number(search.get('page')) || 1);
  const list = useNotifications({ page, limit: PAGE_SIZE }, user !== null);
  const markAll = useMarkAllNotificationsRead();
  const markOne = useMarkNotificationRead();
  const notifications = list.data?.notifications ?? [];
  const unread = notifications.some((notification) => !notification.read);

  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Notifications</h1>
        <Button variant="outline" onClick={() => markAll.mutate()} disabled={markAll.isPending || !unread}>
          Mark all as read
        </Button>
      </div>
      <ListStates
        query={list}
        className="mt-8"
        loading={
          <p className="mt-8 text-slate-600" role="status">
            Loading notifications...
          </p>
        }
        failure={{ icon: <Bell className="h-6 w-6" />, title: 'Failed to fetch notifications' }}
        isEmpty={(data) => data.notifications.length === 0}
        empty={{
          icon: <Bell className="h-6 w-6" />,
          title: 'No notifications yet',
          description: 'Reviews of your agents, decisions on your submissions and announcements appear here.',
        }}
      >
        {(data) => (
          <>
            <ul
              className="mt-6 divide-y divide-slate-100 rounded-xl bg-white ring-1 ring-slate-200"
              aria-label="Notification list"
            >
              {notifications.map((notification) => (
                <NotificationItem
                  key={notification.id}
                  notification={notification}
                  onRead={(id) => markOne.mutate(id)}
                  onNavigate={() => {}}
                />
              ))}
            </ul>
            <Pagination
              currentPage={data.currentPage}
              totalPages={data.totalPages}
              hrefFor={(target) => `${paths.notifications.path}?page=${target}`}
              label="Notification pages"
            />
          </>
        )}
      </ListStates>
    </div>
  );
}
