import type { ReactNode } from 'react';
import { Skeleton } from '../../../components/ui/skeleton.js';

function Loading({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="status" aria-live="polite" aria-busy="true">
      <span className="sr-only">{label}</span>
      {children}
    </div>
  );
}

/** The dashboard while its figures load: the totals row and a card per agent. */
export function DashboardSkeleton() {
  return (
    <Loading label="Loading your dashboard">
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        {Array.from({ length: 6 }, (_, index) => (
          <Skeleton key={index} className="h-20 rounded-xl" />
        ))}
      </div>
      <div className="mt-8 space-y-3">
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} className="h-28 rounded-2xl" />
        ))}
      </div>
    </Loading>
  );
}

/** The metrics page while its charts load. */
export function MetricsSkeleton() {
  return (
    <Loading label="Loading metrics">
      <div className="grid gap-4 lg:grid-cols-2">
        {[0, 1, 2, 3].map((chart) => (
          <div key={chart} className="rounded-2xl border border-slate-200 bg-white p-5">
            <Skeleton className="h-5 w-40" />
            <Skeleton className="mt-4 h-48 w-full" />
          </div>
        ))}
      </div>
    </Loading>
  );
}
