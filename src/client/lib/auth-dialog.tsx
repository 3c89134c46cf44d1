import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { saveReviewIntent, type ReviewIntent } from './review-intent.js';

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

export interface AuthDialogState {
  open: boolean;
  tab: AuthTab;
  reason: string | undefined;
}

interface AuthDialogContextValue {
  state: AuthDialogState;
  open: (options?: OpenAuthDialogOptions) => void;
  close: () => void;
  setTab: (tab: AuthTab) => void;
  takeSuccessCallback: () => (() => void) | null;
}

const AuthDialogContext = createContext<AuthDialogContextValue | null>(null);

/**
 * Holds the auth dialog's state, which any feature may open (favorites, reviews); the dialog itself is
 * the auth feature's AuthDialogHost, rendered inside the router.
 */
export function AuthDialogProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthDialogState>({ open: false, tab: 'login', reason: undefined });
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

/** For the dialog's host: the whole state and its controls. */
export function useAuthDialogContext(): AuthDialogContextValue {
  const value = useContext(AuthDialogContext);
  if (!value) throw new Error('useAuthDialog must be used inside AuthDialogProvider');
  return value;
}

/** Opens the login/register dialog: `open({ tab, reason, reviewIntent, onSuccess })`. */
export function useAuthDialog(): Pick<AuthDialogContextValue, 'open' | 'close'> {
  const { open, close } = useAuthDialogContext();
  return useMemo(() => ({ open, close }), [open, close]);
}
