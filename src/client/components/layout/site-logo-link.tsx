import { Link } from 'react-router';
import { cn } from '../../lib/cn.js';

/** The wordmark linking home; `inverted` for dark backgrounds. */
export function SiteLogoLink({ className, inverted = false }: { className?: string; inverted?: boolean }) {
  return (
    <Link
      to="/"
      className={cn(
        'inline-flex items-center gap-2 rounded-lg font-bold tracking-tight',
        inverted ? 'text-white' : 'text-slate-900',
        className,
      )}
    >
      <img src="/favicon.svg" alt="" width={28} height={28} className="h-7 w-7" />
      <span className="text-lg">
        Agent<span className={inverted ? 'text-brand-200' : 'text-brand-600'}>Atlas</span>
      </span>
    </Link>
  );
}
