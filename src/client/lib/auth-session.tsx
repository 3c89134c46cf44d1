import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useNavigate, type NavigateFunction } from 'react-router';
import { toast } from './toast.js';
import type { CurrentUser } from '../../shared/api/auth.js';
import { USER_REFETCH_INTERVAL_MS } from '../../shared/limits.js';
import { paths } from '../paths.js';
import { queryKeys } from './query-keys.js';
import { isApiError, request } from './request.js';
import { responseSchemas } from './response-schemas.js';
import { signalsSessionError } from '../../shared/rules/error-classification.js';
import { clearReviewIntent } from './review-intent.js';
import { useSessionActivity } from './session-activity.js';
import { postTabMessage, subscribeTabMessages } from './tab-sync.js';

/** The current user (spec section 3), as GET /api/auth/user returns it. */
export type SessionUser = CurrentUser;

export type SessionStatus = 'loading' | 'authenticated' | 'unauthenticated';

/** An alert about the session that needs the person's attention (spec sections 2 and 4). */
export type SessionAlert = 'idle' | 'session-error';

const CURRENT_USER_KEY = queryKeys.auth.currentUser();

/** The server sets this readable cookie next to the httpOnly session cookie and clears it with the session. */
const SESSION_HINT = 'aa_has_session=1';

function hasSessionHint(): boolean {
  return typeof document !== 'undefined' && document.cookie.split(/;\s*/).includes(SESSION_HINT);
}

/**
 * Signing out ends the session on the server while a current-user call may still be under way or due:
 * forget the hint at once so none is asked for (its 401 would be a console error), as the server's
 * answer would clear it anyway.
 */
function forgetSessionHint(): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${SESSION_HINT.split('=')[0]}=; Max-Age=0; Path=/; SameSite=Lax${secure}`;
}

/** Puts the hint back when a call expected to end the session did not (a wrong password). */
function restoreSessionHint(): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${SESSION_HINT}; Path=/; SameSite=Lax${secure}`;
}

/**
 * Spec section 6: a 401 on the current-user call yields "no user", not an error. Without the session hint
 * cookie nobody can be signed in, so the call (and the browser's console line about its 401) is skipped.
 * The answer is checked: every signed-in control reads it.
 */
export async function getCurrentUser(signal?: AbortSignal): Promise<SessionUser | null> {
  if (!hasSessionHint()) return null;
  try {
    return await request<SessionUser>('/api/auth/user', {
      schema: responseSchemas.currentUser,
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    if (isApiError(error) && error.status === 401) return null;
    throw error;
  }
}

/** Spec section 9: the current user is re-fetched every 5 minutes. */
export const currentUserQueryOptions = queryOptions({
  queryKey: CURRENT_USER_KEY,
  queryFn: ({ signal }) => getCurrentUser(signal),
  refetchInterval: USER_REFETCH_INTERVAL_MS,
});

/**
 * Spec section 4: the session failed while someone is signed in. Only then: a signed-out visitor's 401
 * (a wrong password at login) is an answer to show in its own place, not a session to reset.
 */
function isSessionError(error: unknown, signedIn: boolean): boolean {
  return signedIn && isApiError(error) && signalsSessionError(error);
}

interface AuthSessionValue {
  user: SessionUser | null;
  status: SessionStatus;
  /** The user who is being signed out, so the menu can say "Signing out..." after the cache is cleared. */
  signingOutUser: SessionUser | null;
  isLoggingOut: boolean;
  /** Sign out; `silent` skips the toasts (used when the session expired). */
  logout: (options?: { silent?: boolean }) => Promise<void>;
  /** Session reset: ends every session of the user on the server, then sends the person to /auth. */
  resetSession: () => Promise<void>;
  /** After the server already ended the session (e.g. account deletion): forget it here and in other tabs. */
  endSessionLocally: () => void;
  /**
   * Before a call that ends the session on success (account deletion): no current-user call is asked for
   * while it runs, since the live socket may hear of the end before the call's answer. Returns the undo
   * for when the call fails.
   */
  expectSessionEnd: () => () => void;
  /**
   * Whether such a call is under way: the live socket then leaves the session's end to it (the call's
   * answer sends the person home; asking who is signed in first would send them to the login page).
   */
  isSessionEndExpected: () => boolean;
  /** For login and registration: stores the user and tells the other tabs. */
  setSessionUser: (user: SessionUser) => void;
  refetchUser: () => Promise<SessionUser | null>;
  alert: SessionAlert | null;
  dismissAlert: () => void;
}

const AuthSessionContext = createContext<AuthSessionValue | null>(null);

type SessionActions = Omit<
  AuthSessionValue,
  'user' | 'status' | 'signingOutUser' | 'isLoggingOut' | 'alert'
> & {
  clearSession: () => void;
};

/**
 * What can be done to the session. Every action depends only on these, so they are made once per
 * query client and navigation, and the context's value changes only with the session's state.
 */
function createSessionActions(deps: {
  queryClient: QueryClient;
  navigate: NavigateFunction;
  setSigningOutUser: (user: SessionUser | null) => void;
  setAlert: (alert: SessionAlert | null) => void;
  sessionEndExpected: { current: boolean };
}): SessionActions {
  const { queryClient, navigate, setSigningOutUser, setAlert, sessionEndExpected } = deps;

  const clearSession = () => {
    queryClient.clear();
    queryClient.setQueryData(CURRENT_USER_KEY, null);
    clearReviewIntent();
  };

  /** The first step of signing out: no user here at once (nor a current-user call under way), and none in other tabs. */
  const dropUser = async () => {
    forgetSessionHint();
    await queryClient.cancelQueries({ queryKey: CURRENT_USER_KEY });
    queryClient.setQueryData(CURRENT_USER_KEY, null);
    postTabMessage({ type: 'logout' });
  };

  return {
    clearSession,

    refetchUser: async () => {
      await queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
      return queryClient.getQueryData<SessionUser | null>(CURRENT_USER_KEY) ?? null;
    },

    /** Spec section 4: clear the cached user at once, tell the other tabs, call the server, then clear everything. */
    logout: async ({ silent = false } = {}) => {
      setSigningOutUser(queryClient.getQueryData<SessionUser | null>(CURRENT_USER_KEY) ?? null);
      await dropUser();
      try {
        await request<unknown>('/api/auth/logout', { method: 'POST' });
        if (!silent) toast.success("You're logged out. See you soon! 👋");
      } catch (error) {
        if (!silent) toast.error('Logout failed', isApiError(error) ? { description: error.message } : {});
      } finally {
        clearSession();
        setSigningOutUser(null);
      }
    },

    /** Spec sections 4 and 8: force logout clears the user and all cached data and tells the other tabs. */
    resetSession: async () => {
      setAlert(null);
      await dropUser();
      try {
        await request<unknown>('/api/auth/force-logout', { method: 'POST' });
        toast.success('Session reset', { description: 'Your session has been reset. Please login again.' });
      } catch {
        toast.error('Session reset failed', { description: 'Force logout failed' });
      } finally {
        clearSession();
        void navigate(paths.auth.href());
      }
    },

    endSessionLocally: () => {
      sessionEndExpected.current = false;
      clearSession();
      postTabMessage({ type: 'logout' });
    },

    expectSessionEnd: () => {
      forgetSessionHint();
      sessionEndExpected.current = true;
      return () => {
        sessionEndExpected.current = false;
        restoreSessionHint();
      };
    },

    isSessionEndExpected: () => sessionEndExpected.current,

    setSessionUser: (next) => {
      queryClient.setQueryData(CURRENT_USER_KEY, next);
      postTabMessage({ type: 'login' });
    },

    dismissAlert: () => setAlert(null),
  };
}

export function AuthSessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const userQuery = useQuery(currentUserQueryOptions);
  const [signingOutUser, setSigningOutUser] = useState<SessionUser | null>(null);
  const [alert, setAlert] = useState<SessionAlert | null>(null);
  const remoteLogoutHandled = useRef(false);
  const sessionEndExpected = useRef(false);

  const user = userQuery.data ?? null;
  const status: SessionStatus = userQuery.isPending ? 'loading' : user ? 'authenticated' : 'unauthenticated';
  const signedIn = useRef(false);

  useEffect(() => {
    signedIn.current = user !== null;
    if (user) remoteLogoutHandled.current = false;
  }, [user]);

  const actions = useMemo(
    () => createSessionActions({ queryClient, navigate, setSigningOutUser, setAlert, sessionEndExpected }),
    [queryClient, navigate],
  );
  const { clearSession, logout } = actions;

  useEffect(
    () =>
      subscribeTabMessages((message) => {
        if (message.type === 'login') {
          void queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
        } else if (message.type === 'logout') {
          clearSession();
          if (!remoteLogoutHandled.current) {
            remoteLogoutHandled.current = true;
            void navigate(paths.auth.href());
          }
        }
      }),
    [queryClient, clearSession, navigate],
  );

  /** Spec section 4: raise the session error alert from any failed query or mutation. */
  useEffect(() => {
    const raise = (error: unknown) => {
      if (isSessionError(error, signedIn.current)) setAlert((current) => current ?? 'session-error');
    };
    const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'error') return;
      if (event.query.queryHash === JSON.stringify(CURRENT_USER_KEY)) return;
      raise(event.action.error);
    });
    const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'error') return;
      raise(event.action.error);
    });
    return () => {
      unsubscribeQueries();
      unsubscribeMutations();
    };
  }, [queryClient]);

  /** Spec section 4: after 30 minutes without activity, log out, say why, and go to /auth. */
  const onIdle = useCallback(() => {
    setAlert('idle');
    void logout({ silent: true });
    void navigate(paths.auth.href());
  }, [logout, navigate]);
  useSessionActivity({ enabled: user !== null, onIdle });

  const value = useMemo<AuthSessionValue>(
    () => ({ ...actions, user, status, signingOutUser, isLoggingOut: signingOutUser !== null, alert }),
    [actions, user, status, signingOutUser, alert],
  );

  return <AuthSessionContext.Provider value={value}>{children}</AuthSessionContext.Provider>;
}

export function useAuthSession(): AuthSessionValue {
  const value = useContext(AuthSessionContext);
  if (!value) throw new Error('useAuthSession must be used inside AuthSessionProvider');
  return value;
}

/** Spec section 2: the hard-coded admin e-mail that also sees the Admin menu entry. */
export const HARD_CODED_ADMIN_EMAIL = 'admin@agentatlas.dev';

export function isAdmin(user: SessionUser | null): boolean {
  return user?.role === 'admin';
}

export function canSeeAdminMenu(user: SessionUser | null): boolean {
  return isAdmin(user) || user?.email.toLowerCase() === HARD_CODED_ADMIN_EMAIL;
}
