import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '../../lib/cn.js';

/** Page numbers around the current one, with gaps. */
function pageWindow(current: number, total: number): Array<number | 'gap'> {
  const pages = new Set(
    [1, total, current - 1, current, current + 1].filter((page) => page >= 1 && page <= total),
  );
  const sorted = [...pages].sort((a, b) => a - b);
  const result: Array<number | 'gap'> = [];
  sorted.forEach((page, index) => {
    const previous = sorted[index - 1];
    if (previous !== undefined && page - previous > 1) result.push('gap');
    result.push(page);
  });
  return result;
}

interface PaginationProps {
  currentPage: number;
  totalPages: number;
  hrefFor: (page: number) => string;
  label?: string;
}

export function Pagination({ currentPage, totalPages, hrefFor, label = 'Pagination' }: PaginationProps) {
  if (totalPages <= 1) return null;
  const item =
    'inline-flex h-10 min-w-10 items-center justify-center gap-1 rounded-lg px-3 text-sm font-medium';
  const idle = 'border border-slate-300 bg-white text-slate-700 hover:bg-slate-50';
  const disabled = 'border border-slate-200 bg-slate-50 text-slate-500';
  return (
    <nav aria-label={label} className="mt-10 flex flex-wrap items-center justify-center gap-2">
      {currentPage > 1 ? (
        <Link to={hrefFor(currentPage - 1)} className={cn(item, idle)} rel="prev">
          <ChevronLeft className="h-4 w-4" aria-hidden="true" />
          Previous
        </Link>
      ) : (
        <span className={cn(item, disabled)} aria-disabled="true">
          <ChevronLeft className="h-4 w-4" aria-hidden="true" />
          Previous
        </span>
      )}
      <ul className="hidden items-center gap-2 sm:flex">
        {pageWindow(currentPage, totalPages).map((page, index) =>
          page === 'gap' ? (
            <li key={`gap-${index}`} className="px-1 text-slate-500" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={page}>
              <Link
                to={hrefFor(page)}
                aria-current={page === currentPage ? 'page' : undefined}
                aria-label={`Page ${page}`}
                className={cn(item, page === currentPage ? 'bg-brand-600 text-white' : idle)}
              >
                {page}
              </Link>
            </li>
          ),
        )}
      </ul>
      <span className="text-sm text-slate-600 sm:hidden">
        Page {currentPage} of {totalPages}
      </span>
      {currentPage < totalPages ? (
        <Link to={hrefFor(currentPage + 1)} className={cn(item, idle)} rel="next">
          Next
          <ChevronRight className="h-4 w-4" aria-hidden="true" />
        </Link>
      ) : (
        <span className={cn(item, disabled)} aria-disabled="true">
          Next
          <ChevronRight className="h-4 w-4" aria-hidden="true" />
        </span>
      )}
    </nav>
  );
}
