import { GITHUB_OAUTH_MESSAGE_TYPE } from '../../../../shared/api/github.js';

/** What /submit-agent/github-callback sends to the page that opened it. */
export interface GithubOauthMessage {
  type: typeof GITHUB_OAUTH_MESSAGE_TYPE;
  code: string;
  state: string;
}

/**
 * A same-origin BroadcastChannel carrying the same message: a Cross-Origin-Opener-Policy can cut the popup
 * off from its opener after its trip through github.com, and then window.opener is null.
 */
export const GITHUB_OAUTH_CHANNEL = 'agentatlas-github-oauth';

export function readOauthMessage(data: unknown): GithubOauthMessage | null {
  if (typeof data !== 'object' || data === null) return null;
  const record = data as Record<string, unknown>;
  if (record.type !== GITHUB_OAUTH_MESSAGE_TYPE) return null;
  if (typeof record.code !== 'string' || typeof record.state !== 'string') return null;
  if (!record.code || !record.state) return null;
  return { type: GITHUB_OAUTH_MESSAGE_TYPE, code: record.code, state: record.state };
}

/** localStorage keys of the flow in progress: the state handed out and where to return afterwards. */
export const OAUTH_STATE_STORAGE_KEY = 'agentatlas.github.oauthState';
export const OAUTH_RETURN_PATH_STORAGE_KEY = 'agentatlas.github.returnPath';

export function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string | null) {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage can be unavailable (private mode quotas); the flow then fails at the state check.
  }
}
