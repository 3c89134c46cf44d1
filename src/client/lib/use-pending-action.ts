import { useState } from 'react';
import { toast } from './toast.js';

/**
 * An action the person waits for (post a review, delete it, report): `pending` while it runs. A failure
 * is shown first to `onError` (for inline messages), then as a toast titled `failureTitle`.
 */
export function usePendingAction() {
  const [pending, setPending] = useState(false);
  const run = async (
    action: () => Promise<void>,
    failureTitle: string,
    onError?: (error: unknown) => void,
  ): Promise<void> => {
    setPending(true);
    try {
      await action();
    } catch (error) {
      onError?.(error);
      toast.error(failureTitle, { description: error instanceof Error ? error.message : undefined });
    } finally {
      setPending(false);
    }
  };
  return { pending, run };
}
