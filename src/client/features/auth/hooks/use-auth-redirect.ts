import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { AUTH_REDIRECT_DELAY_MS } from '../../../../shared/limits.js';
import { safeReturnPath } from '../../../paths.js';

/**
 * Spec section 4: after a successful login or registration, go to returnPath (or /) after about 1.5 s.
 * The form may unmount meanwhile (the page shows a "signed in" note), so the timer outlives it; it only
 * skips the redirect when the person already went to another page.
 */
export function useAuthRedirect() {
  const navigate = useNavigate();
  return useCallback(
    (returnPath: string | null | undefined) => {
      const from = window.location.pathname;
      window.setTimeout(() => {
        if (window.location.pathname === from) void navigate(safeReturnPath(returnPath), { replace: true });
      }, AUTH_REDIRECT_DELAY_MS);
    },
    [navigate],
  );
}
