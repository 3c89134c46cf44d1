import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { AUTH_SUCCESS_CALLBACK_DELAY_MS } from '../../../../shared/limits.js';
import { useAuthDialogContext } from '../../../lib/auth-dialog.js';
import { useAuthSession } from '../../../lib/auth-session.js';

// The dialog's forms use zod; they load with the first opening, never with the page.
const AuthDialog = lazy(() => import('./auth-dialog.js'));

/**
 * Spec sections 2 and 4: renders the dialog; closes it when the user becomes logged in (then runs the stored
 * success callback after 100 ms) and when the page changes (e.g. "Forgot password?").
 */
export function AuthDialogHost() {
  const { state, close, setTab, takeSuccessCallback } = useAuthDialogContext();
  const { user } = useAuthSession();
  const { pathname } = useLocation();
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    if (state.open) setLoaded(true);
  }, [state.open]);

  useEffect(() => {
    if (!state.open || !user) return;
    const callback = takeSuccessCallback();
    close();
    if (callback) window.setTimeout(callback, AUTH_SUCCESS_CALLBACK_DELAY_MS);
  }, [state.open, user, close, takeSuccessCallback]);

  const previousPath = useRef(pathname);
  useEffect(() => {
    if (previousPath.current === pathname) return;
    previousPath.current = pathname;
    close();
  }, [pathname, close]);

  if (!loaded && !state.open) return null;
  return (
    <Suspense fallback={null}>
      <AuthDialog
        open={state.open && !user}
        tab={state.tab}
        reason={state.reason}
        onOpenChange={(next) => !next && close()}
        onTabChange={setTab}
      />
    </Suspense>
  );
}
