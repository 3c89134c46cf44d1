import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useLocation } from 'react-router';
import { AUTH_SUCCESS_CALLBACK_DELAY_MS } from '../../../../shared/limits.js';
import { useAuthSession } from '../../../lib/auth-session.js';
import { saveReviewIntent, type ReviewIntent } from '../../../lib/review-intent.js';

export type AuthTab = 'login' | 'register';

export interface OpenAuthDialogOptions {
  tab?: AuthTab;
  /** Why sign-in is needed, shown under the title. */
  reason?: string;
  /** Spec section 4: remembered (agent id and name) until logout. */
  reviewIntent?: ReviewIntent;
  /** Runs 100 ms after the dialog closed because the user became logged in. */
  onSuccess?: () => void;
}

interface DialogState {
  open: boolean;
  tab: AuthTab;
  reason: string | undefined;
}

interface AuthDialogContextValue {
  state: DialogState;
  open: (options?: OpenAuthDialogOptions) => void;
  close: () => void;
  setTab: (tab: AuthTab) => void;
  takeSuccessCallback: () => (() => void) | null;
}

const AuthDialogContext = createContext<AuthDialogContextValue | null>(null);

/** Holds the auth dialog's state; the dialog itself is rendered by AuthDialogHost inside the router. */
export function AuthDialogProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<DialogState>({ open: false, tab: 'login', reason: undefined });
  const successCallback = useRef<(() => void) | null>(null);

  const open = useCallback((options: OpenAuthDialogOptions = {}) => {
    if (options.reviewIntent) saveReviewIntent(options.reviewIntent);
    successCallback.current = options.onSuccess ?? null;
    setState({ open: true, tab: options.tab ?? 'login', reason: options.reason });
  }, []);

  const close = useCallback(() => {
    successCallback.current = null;
    setState((current) => (current.open ? { ...current, open: false } : current));
  }, []);

  const setTab = useCallback((tab: AuthTab) => setState((current) => ({ ...current, tab })), []);

  const takeSuccessCallback = useCallback(() => {
    const callback = successCallback.current;
    successCallback.current = null;
    return callback;
  }, []);

  const value = useMemo(
    () => ({ state, open, close, setTab, takeSuccessCallback }),
    [state, open, close, setTab, takeSuccessCallback],
  );
  return <AuthDialogContext.Provider value={value}>{children}</AuthDialogContext.Provider>;
}

function useAuthDialogContext(): AuthDialogContextValue {
  const value = useContext(AuthDialogContext);
  if (!value) throw new Error('useAuthDialog must be used inside AuthDialogProvider');
  return value;
}

/** Opens the login/register dialog: `open({ tab, reason, reviewIntent, onSuccess })`. */
export function useAuthDialog(): Pick<AuthDialogContextValue, 'open' | 'close'> {
  const { open, close } = useAuthDialogContext();
  return useMemo(() => ({ open, close }), [open, close]);
}

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
