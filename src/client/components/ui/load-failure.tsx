import { RotateCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from './button.js';
import { EmptyState } from './empty-state.js';

interface LoadFailureProps {
  /** The server said there is no such thing (for this person); anything else failed on the way. */
  notFound: boolean;
  icon: ReactNode;
  title: { notFound: string; failed: string };
  /** Why it may be missing; a failure shows the error's own message. */
  notFoundDescription: string;
  error: Error;
  /** Where to go instead. */
  actions: ReactNode;
  /** Offered as "Try again" when the load failed rather than found nothing. */
  onRetry?: () => void;
}

/** A page whose one thing could not be loaded: "not found" calmly, a failure as an error to retry. */
export function LoadFailure({
  notFound,
  icon,
  title,
  notFoundDescription,
  error,
  actions,
  onRetry,
}: LoadFailureProps) {
  return (
    <div className="mx-auto max-w-xl px-4 py-16">
      <EmptyState
        tone={notFound ? 'neutral' : 'error'}
        icon={icon}
        title={notFound ? title.notFound : title.failed}
        description={notFound ? notFoundDescription : error.message}
        action={
          <>
            {actions}
            {!notFound && onRetry && (
              <Button variant="outline" onClick={onRetry}>
                <RotateCw className="h-4 w-4" aria-hidden="true" />
                Try again
              </Button>
            )}
          </>
        }
      />
    </div>
  );
}

/** A part of a page that failed to load (figures, evidence): the message, and a small "Try again". */
export function RetryNotice({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <>
      <p role="alert" className="text-sm text-red-800">
        {message}
      </p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </>
  );
}
