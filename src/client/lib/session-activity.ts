import { useEffect, useRef } from 'react';
import {
  HEARTBEAT_MIN_INTERVAL_MS,
  IDLE_CHECK_INTERVAL_MS,
  SESSION_IDLE_TIMEOUT_MS,
} from '../../shared/limits.js';
import { request } from './request.js';
import { postTabMessage, subscribeTabMessages } from './tab-sync.js';

/** Spec section 4: what counts as activity (window focus is listened to separately). */
const ACTIVITY_EVENTS = ['mousedown', 'keydown', 'touchstart', 'scroll', 'click'] as const;

/** The last activity of any tab, for tabs that missed the channel message (e.g. a throttled background tab). */
const LAST_ACTIVITY_KEY = 'agentatlas.last-activity';

/** Scroll and key events come in bursts; other tabs hear about activity at most this often. */
const SHARE_MIN_INTERVAL_MS = 5000;

function readSharedActivity(): number {
  try {
    return Number(window.localStorage.getItem(LAST_ACTIVITY_KEY)) || 0;
  } catch {
    return 0;
  }
}

function writeSharedActivity(time: number): void {
  try {
    window.localStorage.setItem(LAST_ACTIVITY_KEY, String(time));
  } catch {
    // Without storage the channel message alone shares the activity.
  }
}

/** Spec section 7: failures are only logged. */
function sendHeartbeat(): void {
  request<unknown>('/api/auth/heartbeat', { method: 'POST' }).catch((error: unknown) => {
    console.debug('Session heartbeat failed', error);
  });
}

/**
 * Spec sections 4 and 9, while someone is signed in: activity in any tab keeps the session alive; after
 * 30 minutes without any, checked every 60 s (and on the next activity, for a tab that slept), `onIdle` runs
 * once. Activity also sends a heartbeat at most every 30 s. Real timers and Date.now, so a test clock drives it.
 */
export function useSessionActivity({ enabled, onIdle }: { enabled: boolean; onIdle: () => void }): void {
  const onIdleRef = useRef(onIdle);
  useEffect(() => {
    onIdleRef.current = onIdle;
  }, [onIdle]);

  useEffect(() => {
    if (!enabled) return;
    let lastActivity = Date.now();
    let lastShared = 0;
    let lastHeartbeat = 0;
    let expired = false;

    const latestActivity = () => Math.max(lastActivity, readSharedActivity());
    const isIdle = (now: number) => now - latestActivity() >= SESSION_IDLE_TIMEOUT_MS;
    const expire = () => {
      if (expired) return;
      expired = true;
      onIdleRef.current();
    };

    const share = (now: number) => {
      lastShared = now;
      writeSharedActivity(now);
      postTabMessage({ type: 'activity' });
    };

    const onActivity = () => {
      const now = Date.now();
      if (expired) return;
      if (isIdle(now)) {
        expire();
        return;
      }
      lastActivity = now;
      if (now - lastShared >= SHARE_MIN_INTERVAL_MS) share(now);
      if (now - lastHeartbeat >= HEARTBEAT_MIN_INTERVAL_MS) {
        lastHeartbeat = now;
        sendHeartbeat();
      }
    };

    // Signing in (or opening a signed-in tab) is activity too.
    share(lastActivity);

    const unsubscribe = subscribeTabMessages((message) => {
      if (message.type === 'activity') lastActivity = Math.max(lastActivity, Date.now());
    });
    const timer = window.setInterval(() => {
      if (isIdle(Date.now())) expire();
    }, IDLE_CHECK_INTERVAL_MS);
    const options = { capture: true, passive: true } as const;
    for (const type of ACTIVITY_EVENTS) window.addEventListener(type, onActivity, options);
    window.addEventListener('focus', onActivity);

    return () => {
      unsubscribe();
      window.clearInterval(timer);
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, onActivity, options);
      window.removeEventListener('focus', onActivity);
    };
  }, [enabled]);
}
