/**
 * Spec section 4: opening the auth dialog with a review intent remembers the agent's id and name, so the
 * review can continue after sign-in; it is cleared at logout. Kept for the tab only (sessionStorage).
 */
export interface ReviewIntent {
  agentId: number;
  agentName: string;
}

const STORAGE_KEY = 'agentatlas.review-intent';

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    // Storage can be disabled by the browser's privacy settings; the intent is then simply not kept.
    return null;
  }
}

export function saveReviewIntent(intent: ReviewIntent): void {
  storage()?.setItem(STORAGE_KEY, JSON.stringify(intent));
}

export function readReviewIntent(): ReviewIntent | null {
  const raw = storage()?.getItem(STORAGE_KEY);
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (
      typeof value === 'object' &&
      value !== null &&
      'agentId' in value &&
      'agentName' in value &&
      typeof value.agentId === 'number' &&
      typeof value.agentName === 'string'
    ) {
      return { agentId: value.agentId, agentName: value.agentName };
    }
  } catch {
    // A malformed value is treated as no intent.
  }
  return null;
}

export function clearReviewIntent(): void {
  storage()?.removeItem(STORAGE_KEY);
}
