import { formatDistanceToNow } from 'date-fns';
import { Link } from 'react-router';
import type { Notification } from '../../../../shared/api/notifications.js';
import { formatDate } from '../../../../shared/rules/date.js';
import { cn } from '../../../lib/cn.js';
import { paths } from '../../../paths.js';

/** The spec's date is "MMM d, yyyy"; how long ago it was is offered as the date's tooltip. */
function relativeTime(createdAt: string): string {
  return formatDistanceToNow(new Date(createdAt), { addSuffix: true });
}

/**
 * One notification: unread ones are marked read when opened; every item links to what it is about, or to the
 * notifications page when it is about nothing in particular (an announcement).
 */
export function NotificationItem({
  notification,
  onRead,
  onNavigate,
}: {
  notification: Notification;
  onRead: (id: number) => void;
  onNavigate: () => void;
}) {
  const unread = !notification.read;
  const markRead = () => {
    if (unread) onRead(notification.id);
  };
  const content = (
    <>
      <span className="block text-sm font-medium text-slate-900">{notification.title}</span>
      <span className="mt-0.5 block text-sm text-slate-600">{notification.message}</span>
    </>
  );
  return (
    <li className={cn('px-4 py-3', unread && 'bg-brand-50/60')}>
      <div className="flex items-start gap-2">
        <span className="mt-1.5 h-2 w-2 shrink-0" aria-hidden={!unread}>
          {unread && (
            <span className="block h-2 w-2 rounded-full bg-brand-600" role="img" aria-label="Unread" />
          )}
        </span>
        <div className="min-w-0 flex-1">
          {unread ? (
            <button
              type="button"
              onClick={markRead}
              className="block w-full cursor-pointer rounded-md text-left focus-visible:outline-2 focus-visible:outline-brand-600"
              title="Mark as read"
            >
              {content}
            </button>
          ) : (
            <div>{content}</div>
          )}
          <div className="mt-1 flex items-center justify-between gap-2 text-xs text-slate-600">
            <time dateTime={notification.createdAt} title={relativeTime(notification.createdAt)}>
              {formatDate(notification.createdAt)}
            </time>
            <Link
              to={notification.link ?? paths.notifications.path}
              onClick={() => {
                markRead();
                onNavigate();
              }}
              className="font-medium text-brand-700 hover:underline"
            >
              View details
            </Link>
          </div>
        </div>
      </div>
    </li>
  );
}
