import { cn } from '../../lib/cn.js';

export function Spinner({ className, label = 'Loading' }: { className?: string; label?: string }) {
  return (
    <span role="status" className="inline-flex items-center">
      <span
        aria-hidden="true"
        className={cn(
          'inline-block h-5 w-5 animate-spin rounded-full border-2 border-current border-r-transparent',
          className,
        )}
      />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** A centred spinner for guarded routes while the current user loads. */
export function PageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="flex min-h-[50vh] items-center justify-center text-brand-600">
      <Spinner className="h-8 w-8" label={label} />
    </div>
  );
}

/** A decorative spinner for inside a button whose own text already says what is happening. */
export function ButtonSpinner({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-block h-4 w-4 animate-spin rounded-full border-2 border-current border-r-transparent',
        className,
      )}
    />
  );
}
