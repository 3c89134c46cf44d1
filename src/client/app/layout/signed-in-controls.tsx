import { NotificationsBell } from '../../features/notifications/components/notifications-bell.js';
import type { SessionUser } from '../../lib/auth-session.js';
import { UserMenu } from './user-menu.js';

/** Loaded on demand: signed-out visitors never download the menus and popovers. */
export default function SignedInControls({ user, showBell }: { user: SessionUser; showBell: boolean }) {
  return (
    <div className="flex items-center gap-1.5">
      {showBell && <NotificationsBell />}
      <UserMenu user={user} />
    </div>
  );
}
