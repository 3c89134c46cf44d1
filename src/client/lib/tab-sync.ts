/** Spec section 7: tabs sync over a channel named auth_sync with message types activity, login, logout. */
export type TabSyncMessage = { type: 'activity' | 'login' | 'logout' };

const CHANNEL_NAME = 'auth_sync';

let channel: BroadcastChannel | null | undefined;

function getChannel(): BroadcastChannel | null {
  if (channel === undefined) {
    channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL_NAME);
  }
  return channel;
}

export function postTabMessage(message: TabSyncMessage): void {
  getChannel()?.postMessage(message);
}

function isTabSyncMessage(value: unknown): value is TabSyncMessage {
  if (typeof value !== 'object' || value === null || !('type' in value)) return false;
  const { type } = value as { type: unknown };
  return type === 'activity' || type === 'login' || type === 'logout';
}

/** Listens to messages of the other tabs; returns the unsubscribe function. */
export function subscribeTabMessages(listener: (message: TabSyncMessage) => void): () => void {
  const current = getChannel();
  if (!current) return () => undefined;
  const handler = (event: MessageEvent<unknown>) => {
    if (isTabSyncMessage(event.data)) listener(event.data);
  };
  current.addEventListener('message', handler);
  return () => current.removeEventListener('message', handler);
}
