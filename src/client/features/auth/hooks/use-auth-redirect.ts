import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { AUTH_REDIRECT_DELAY_MS } from '../../../../shared/limits.js';
import { safeReturnPath } from '../../../paths.js';

/** Spec section 4: after a successful login or registration, go to returnPath (or /) after about 1.5 s. */
export function useAuthRedirect() {
  const navigate = useNavigate();
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  return useCallback(
    (returnPath: string | null | undefined) => {
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(
        () => void navigate(safeReturnPath(returnPath), { replace: true }),
        AUTH_REDIRECT_DELAY_MS,
      );
    },
    [navigate],
  );
}
