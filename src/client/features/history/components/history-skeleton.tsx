import { Skeleton } from '../../../components/ui/skeleton.js';

/** The history list while a page of events loads. */
export function HistorySkeleton() {
  return (
    <div role="status" aria-live="polite" aria-busy="true" className="space-y-3">
      <span className="sr-only">Loading history</span>
      {Array.from({ length: 6 }, (_, index) => (
        <div key={index} className="flex gap-3 rounded-xl border border-slate-200 bg-white p-4">
          <Skeleton className="h-9 w-9 rounded-full" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="h-3 w-1/3" />
          </div>
        </div>
      ))}
    </div>
  );
}
