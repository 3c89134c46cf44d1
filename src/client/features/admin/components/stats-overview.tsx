import { BarChart3, Bot, Flag, MessageSquareText, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card.js';
import { cn } from '../../../lib/cn.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import { useAdminStats } from '../api/get-admin-stats.js';
import { DailyChart } from './daily-chart.js';
import { RetryNotice } from '../../../components/ui/load-failure.js';

function Figure({
  icon,
  label,
  value,
  detail,
  className,
}: {
  icon: ReactNode;
  label: string;
  value: number;
  detail: ReactNode;
  className?: string;
}) {
  return (
    <Card className={cn('p-4', className)}>
      <div className="flex items-center gap-2 text-sm font-medium text-slate-600">
        <span className="text-brand-700" aria-hidden="true">
          {icon}
        </span>
        {label}
      </div>
      <p className="mt-2 text-2xl font-bold text-slate-900 tabular-nums">{value.toLocaleString('en-US')}</p>
      <div className="mt-1 text-xs text-slate-600">{detail}</div>
    </Card>
  );
}

/** The figures an admin reads first: totals now, and what happened over the last 30 days. */
export function StatsOverview() {
  const stats = useAdminStats();

  if (stats.isPending) {
    return (
      <div role="status" aria-label="Loading figures" className="grid grid-cols-2 gap-3 lg:grid-cols-5">
        {Array.from({ length: 5 }, (_, index) => (
          <Skeleton key={index} className="h-28 rounded-2xl" />
        ))}
      </div>
    );
  }
  if (stats.isError) {
    return (
      <Card className="flex flex-wrap items-center justify-between gap-3 border-red-200 bg-red-50/50 p-4">
        <RetryNotice
          message={`Failed to load the figures: ${stats.error.message}`}
          onRetry={() => void stats.refetch()}
        />
      </Card>
    );
  }

  const { users, agents, reviews, reports, daily } = stats.data;
  return (
    <section aria-labelledby="admin-figures-heading" className="space-y-4">
      <h2 id="admin-figures-heading" className="sr-only">
        Figures
      </h2>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-5">
        <Figure
          icon={<Users className="h-4 w-4" />}
          label="Users"
          value={users.total}
          detail={`+${users.last30Days} in 30 days`}
        />
        <Figure
          icon={<Bot className="h-4 w-4" />}
          label="Published agents"
          value={agents.published}
          detail={`${agents.verified} verified · ${agents.rejected} rejected`}
        />
        <Figure
          icon={<BarChart3 className="h-4 w-4" />}
          label="Waiting for review"
          value={agents.pending + agents.pendingRevisions}
          detail={`${agents.pending} new · ${agents.pendingRevisions} ${agents.pendingRevisions === 1 ? 'edit' : 'edits'}`}
        />
        <Figure
          icon={<MessageSquareText className="h-4 w-4" />}
          label="Reviews"
          value={reviews.total}
          detail={`+${reviews.last30Days} in 30 days`}
        />
        <Figure
          icon={<Flag className="h-4 w-4" />}
          className="col-span-2 lg:col-span-1"
          label="Open reports"
          value={reports.open}
          detail={`${reports.last30Days} filed · ${reports.resolvedLast30Days} resolved in 30 days`}
        />
      </div>
      <DailyChart daily={daily} submittedLast30Days={agents.submittedLast30Days} />
    </section>
  );
}
