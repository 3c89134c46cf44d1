import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
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
import { useNavigate } from 'react-router';
import { toast } from './toast.js';
import type { CurrentUser } from '../../shared/api/auth.js';
import { USER_REFETCH_INTERVAL_MS } from '../../shared/limits.js';
import { paths } from '../paths.js';
import { isApiError, request } from './request.js';
import { postTabMessage, subscribeTabMessages } from './tab-sync.js';

/** The current user (spec section 3), as GET /api/auth/user returns it. */
export type SessionUser = CurrentUser;

export type SessionStatus = 'loading' | 'authenticated' | 'unauthenticated';

export const CURRENT_USER_KEY = ['/api/auth/user'] as const;

/** Spec section 6: a 401 on the current-user call yields "no user", not an error. */
export async function getCurrentUser(signal?: AbortSignal): Promise<SessionUser | null> {
  try {
    return await request<SessionUser | null>(CURRENT_USER_KEY[0], signal ? { signal } : {});
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

interface AuthSessionValue {
  user: SessionUser | null;
  status: SessionStatus;
  /** The user who is being signed out, so the menu can say "Signing out..." after the cache is cleared. */
  signingOutUser: SessionUser | null;
  isLoggingOut: boolean;
  logout: () => Promise<void>;
  /** For login and registration: stores the user and tells the other tabs. */
  setSessionUser: (user: SessionUser) => void;
  refetchUser: () => Promise<void>;
}

const AuthSessionContext = createContext<AuthSessionValue | null>(null);

export function AuthSessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const userQuery = useQuery(currentUserQueryOptions);
  const [signingOutUser, setSigningOutUser] = useState<SessionUser | null>(null);
  const remoteLogoutHandled = useRef(false);

  const user = userQuery.data ?? null;
  const status: SessionStatus = userQuery.isPending ? 'loading' : user ? 'authenticated' : 'unauthenticated';

  useEffect(() => {
    if (user) remoteLogoutHandled.current = false;
  }, [user]);

  const refetchUser = useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
  }, [queryClient]);

  const clearSession = useCallback(() => {
    queryClient.clear();
    queryClient.setQueryData(CURRENT_USER_KEY, null);
  }, [queryClient]);

  /** Spec section 4: clear the cached user at once, tell the other tabs, call the server, then clear everything. */
  const logout = useCallback(async () => {
    const previous = queryClient.getQueryData<SessionUser | null>(CURRENT_USER_KEY) ?? null;
    setSigningOutUser(previous);
    queryClient.setQueryData(CURRENT_USER_KEY, null);
    postTabMessage({ type: 'logout' });
    try {
      await request<unknown>('/api/auth/logout', { method: 'POST' });
      toast.success("You're logged out. See you soon! 👋");
    } catch (error) {
      toast.error('Logout failed', isApiError(error) ? { description: error.message } : {});
    } finally {
      clearSession();
      setSigningOutUser(null);
    }
  }, [queryClient, clearSession]);

  const setSessionUser = useCallback(
    (next: SessionUser) => {
      queryClient.setQueryData(CURRENT_USER_KEY, next);
      postTabMessage({ type: 'login' });
    },
    [queryClient],
  );

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

  const value = useMemo<AuthSessionValue>(
    () => ({
      user,
      status,
      signingOutUser,
      isLoggingOut: signingOutUser !== null,
      logout,
      setSessionUser,
      refetchUser,
    }),
    [user, status, signingOutUser, logout, setSessionUser, refetchUser],
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
