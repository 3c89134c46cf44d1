import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import {
  GITHUB_ADDITIONAL_ACCOUNT_WINDOW,
  GITHUB_POPUP,
  GITHUB_POPUP_POLL_MS,
} from '../../../../shared/limits.js';
import { safeReturnPath } from '../../../paths.js';
import { queryKeys } from '../../../lib/query-keys.js';
import { isApiError } from '../../../lib/request.js';
import { toast } from '../../../lib/toast.js';
import { completeGithubAuth } from '../api/complete-github-auth.js';
import { getGithubAuthUrl } from '../api/get-github-auth-url.js';
import {
  GITHUB_OAUTH_CHANNEL,
  OAUTH_RETURN_PATH_STORAGE_KEY,
  OAUTH_STATE_STORAGE_KEY,
  readOauthMessage,
  readStorage,
  writeStorage,
  type GithubOauthMessage,
} from '../lib/oauth-message.js';
import { authStartFailureMessage } from '../lib/auth-messages.js';

function errorToast(description: string) {
  toast.error('GitHub Authentication Error', { description });
}

function popupBlockedToast() {
  toast.error('Popup Blocked', {
    description: 'Please allow popups for this site to authenticate with GitHub.',
  });
}

/**
 * The address to open for `flow` and its state ('' when none), or null after telling the person why
 * there is none. Connecting needs a state to compare the callback with; an installation may have none.
 */
async function fetchAuthorization(
  flow: 'connect' | 'install',
): Promise<{ url: string; state: string } | null> {
  let auth: Awaited<ReturnType<typeof getGithubAuthUrl>>;
  try {
    auth = await getGithubAuthUrl(flow);
  } catch (error) {
    errorToast(authStartFailureMessage(error));
    return null;
  }
  const state = typeof auth?.state === 'string' ? auth.state : '';
  if (!auth || typeof auth.url !== 'string' || !auth.url || (flow === 'connect' && !state)) {
    errorToast('Server returned invalid authorization data');
    return null;
  }
  return { url: auth.url, state };
}

/** window.open features for a window of that size centred over the current one. */
function centredFeatures(size: { width: number; height: number }, popup: boolean): string {
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - size.width) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - size.height) / 2));
  const features = [`width=${size.width}`, `height=${size.height}`, `left=${left}`, `top=${top}`];
  if (popup) features.push('popup=yes');
  return features.join(',');
}

/**
 * The GitHub connection flow of spec section 4: auth URL → state kept locally → 600×700 popup → the
 * callback page posts {type, code, state} back → state compared → POST /api/github/auth/callback →
 * installations refetched, toast, stored return path restored. A closed popup ends the pending state.
 * `addAccount` opens GitHub's installation page in an 800×800 window and refetches when it closes.
 */
export function useGithubConnect() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const [pending, setPending] = useState(false);
  const [addingAccount, setAddingAccount] = useState(false);
  const pollRef = useRef<number | null>(null);
  const installPollRef = useRef<number | null>(null);
  const completingRef = useRef(false);
  /** Only the tab that opened the popup answers its message (the channel reaches every tab). */
  const flowActiveRef = useRef(false);
  const currentPath = `${location.pathname}${location.search}`;

  const stopPolling = useCallback(() => {
    if (pollRef.current !== null) window.clearInterval(pollRef.current);
    pollRef.current = null;
  }, []);

  const complete = useCallback(
    async (message: GithubOauthMessage) => {
      if (!flowActiveRef.current) return;
      const expected = readStorage(OAUTH_STATE_STORAGE_KEY);
      // A state we did not hand out (another tab's flow, or a forged message) aborts without a server call.
      if (!expected || message.state !== expected) {
        flowActiveRef.current = false;
        stopPolling();
        setPending(false);
        errorToast('Failed to complete GitHub authentication');
        return;
      }
      if (completingRef.current) return;
      completingRef.current = true;
      flowActiveRef.current = false;
      writeStorage(OAUTH_STATE_STORAGE_KEY, null);
      stopPolling();
      setPending(true);
      try {
        await completeGithubAuth({ code: message.code, state: message.state });
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: queryKeys.github.status() }),
          queryClient.invalidateQueries({ queryKey: queryKeys.github.installations() }),
        ]);
        toast.success('GitHub Connected', { description: 'Your GitHub account is now connected' });
        const returnPath = readStorage(OAUTH_RETURN_PATH_STORAGE_KEY);
        writeStorage(OAUTH_RETURN_PATH_STORAGE_KEY, null);
        if (returnPath) {
          const target = safeReturnPath(returnPath, '');
          if (target && target !== `${window.location.pathname}${window.location.search}`) {
            void navigate(target, { replace: true });
          }
        }
      } catch (error) {
        errorToast(
          isApiError(error) && error.serverMessage
            ? error.serverMessage
            : 'Failed to complete GitHub authentication',
        );
      } finally {
        completingRef.current = false;
        setPending(false);
      }
    },
    [navigate, queryClient, stopPolling],
  );

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin) return;
      const message = readOauthMessage(event.data);
      if (message) void complete(message);
    };
    window.addEventListener('message', onMessage);
    // The same message over a same-origin channel, for browsers that cut the popup off from its opener.
    const channel = 'BroadcastChannel' in window ? new BroadcastChannel(GITHUB_OAUTH_CHANNEL) : null;
    if (channel)
      channel.onmessage = (event: MessageEvent) => {
        const message = readOauthMessage(event.data);
        if (message) void complete(message);
      };
    return () => {
      window.removeEventListener('message', onMessage);
      channel?.close();
    };
  }, [complete]);

  useEffect(
    () => () => {
      stopPolling();
      if (installPollRef.current !== null) window.clearInterval(installPollRef.current);
    },
    [stopPolling],
  );

  const connect = useCallback(async () => {
    if (pending) return;
    setPending(true);
    const auth = await fetchAuthorization('connect');
    if (!auth) {
      setPending(false);
      return;
    }
    writeStorage(OAUTH_STATE_STORAGE_KEY, auth.state);
    writeStorage(OAUTH_RETURN_PATH_STORAGE_KEY, currentPath);
    flowActiveRef.current = true;
    const popup = window.open(auth.url, 'agentatlas-github-oauth', centredFeatures(GITHUB_POPUP, true));
    if (!popup) {
      flowActiveRef.current = false;
      setPending(false);
      popupBlockedToast();
      return;
    }
    popup.focus();
    stopPolling();
    pollRef.current = window.setInterval(() => {
      if (!popup.closed) return;
      stopPolling();
      if (!completingRef.current) setPending(false);
    }, GITHUB_POPUP_POLL_MS);
  }, [currentPath, pending, stopPolling]);

  /** Another account or organization: GitHub's app installation page in an 800×800 window. */
  const addAccount = useCallback(async () => {
    if (addingAccount) return;
    setAddingAccount(true);
    const auth = await fetchAuthorization('install');
    if (!auth) {
      setAddingAccount(false);
      return;
    }
    // GitHub may ask for authorization during the installation and come back with a code for this state.
    if (auth.state) {
      writeStorage(OAUTH_STATE_STORAGE_KEY, auth.state);
      flowActiveRef.current = true;
    }
    writeStorage(OAUTH_RETURN_PATH_STORAGE_KEY, currentPath);
    const opened = window.open(
      auth.url,
      'agentatlas-github-install',
      centredFeatures(GITHUB_ADDITIONAL_ACCOUNT_WINDOW, false),
    );
    if (!opened) {
      setAddingAccount(false);
      popupBlockedToast();
      return;
    }
    if (installPollRef.current !== null) window.clearInterval(installPollRef.current);
    installPollRef.current = window.setInterval(() => {
      if (!opened.closed) return;
      if (installPollRef.current !== null) window.clearInterval(installPollRef.current);
      installPollRef.current = null;
      setAddingAccount(false);
      void queryClient.invalidateQueries({ queryKey: queryKeys.github.installations() });
    }, GITHUB_POPUP_POLL_MS);
  }, [addingAccount, currentPath, queryClient]);

  return { connect, addAccount, pending, addingAccount };
}
