import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { isFooterVisible, isHeaderVisible } from '../../../shared/rules/layout.js';
import { PageSkeleton } from '../../components/layout/page-skeleton.js';
import { useAgentPrefetch } from '../use-agent-prefetch.js';
import { AuthDialogHost } from '../../features/auth/components/auth-dialog-host.js';
import { useNotificationSocket } from '../../features/notifications/hooks/use-notification-socket.js';
import { AuthSessionProvider, useAuthSession } from '../../lib/auth-session.js';
import { SiteFooter } from './site-footer.js';
import { SiteHeader } from './site-header.js';
import { UnsavedChangesGuard } from './unsaved-changes-guard.js';

const SessionAlertDialog = lazy(() => import('./session-alert-dialog.js'));

/** Spec sections 2 and 4: the idle-expiry alert and "Session Error Detected", loaded only when raised. */
function SessionAlerts() {
  const { alert, dismissAlert, resetSession } = useAuthSession();
  if (!alert) return null;
  return (
    <Suspense fallback={null}>
      <SessionAlertDialog alert={alert} onDismiss={dismissAlert} onReset={resetSession} />
    </Suspense>
  );
}

/**
 * Pages fade in, except the page a visit lands on when the server sent no static header before it
 * (the auth pages, features/seo/app-shell.ts): there the page is the first thing painted, and
 * content that starts transparent is never a contentful paint to the browser, so /auth recorded no
 * first or largest contentful paint at all and Lighthouse could not score it.
 */
function usePageEntrance(pathname: string): string | undefined {
  const [landingPath] = useState(pathname);
  const [movedOn, setMovedOn] = useState(false);
  useEffect(() => {
    if (pathname !== landingPath) setMovedOn(true);
  }, [pathname, landingPath]);
  const landing = !movedOn && pathname === landingPath;
  return landing && !isHeaderVisible(pathname) ? undefined : 'animate-page-in';
}

function Shell() {
  const { pathname } = useLocation();
  const { user } = useAuthSession();
  useAgentPrefetch();
  useNotificationSocket(user?.id ?? null);
  const showHeader = isHeaderVisible(pathname);
  const showFooter = isFooterVisible(pathname);
  const entrance = usePageEntrance(pathname);

  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-medium text-brand-700 shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      {showHeader && <SiteHeader />}
      <main
        id="main"
        tabIndex={-1}
        className={showHeader ? 'flex-1 pt-24 outline-none' : 'flex-1 outline-none'}
      >
        <Suspense fallback={<PageSkeleton pathname={pathname} />}>
          <div key={pathname} className={entrance}>
            <Outlet />
          </div>
        </Suspense>
      </main>
      {showFooter && <SiteFooter />}
      <AuthDialogHost />
      <SessionAlerts />
      <UnsavedChangesGuard />
      <ScrollRestoration />
    </div>
  );
}

/** The root route: session, header, footer, and the lazily loaded page in between. */
export function AppLayout() {
  return (
    <AuthSessionProvider>
      <Shell />
    </AuthSessionProvider>
  );
}
