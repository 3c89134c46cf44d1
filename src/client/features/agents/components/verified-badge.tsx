import { BadgeCheck } from 'lucide-react';
import { cn } from '../../../lib/cn.js';

export function VerifiedBadge({ className, compact = false }: { className?: string; compact?: boolean }) {
  if (compact) {
    return (
      <BadgeCheck
        className={cn('h-4 w-4 shrink-0 text-sky-600', className)}
        aria-label="Verified agent"
        role="img"
      />
    );
  }
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full bg-sky-50 px-2.5 py-0.5 text-xs font-semibold text-sky-800 ring-1 ring-sky-200 ring-inset',
        className,
      )}
    >
      <BadgeCheck className="h-3.5 w-3.5" aria-hidden="true" />
      Verified
    </span>
  );
}
