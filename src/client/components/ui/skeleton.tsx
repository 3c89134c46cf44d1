import { cn } from '../../lib/cn.js';

/** A shimmering block (1.5 s, spec section 2). */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cn('skeleton', className)} />;
}
