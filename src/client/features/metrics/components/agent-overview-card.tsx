import { BarChart3, Star } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { metricKeys, type MetricsRange, type ScoreResponse } from '../../../../shared/api/metrics.js';
import { Card } from '../../../components/ui/card.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import { paths } from '../../../paths.js';
import { useMetrics } from '../api/get-metrics.js';
import { formatDay, formatNumber, metricLabels } from '../lib/labels.js';
import { ratingOverRange } from '../lib/rating.js';
import { MetricChange } from './metric-change.js';
import { Sparkline } from './sparkline.js';

interface AgentOverviewCardProps {
  agent: { id: number; name: string; slug: string; rating: { average: number; count: number } };
  range: MetricsRange;
  /** The breakdown, for the rating's change; absent for an agent that is not published. */
  score: ScoreResponse | undefined;
  /** The listing's status, drawn by the page. */
  status?: ReactNode;
  /** Its public page, when it has one. */
  publicHref?: string | undefined;
}

/** One agent on the dashboard: its figures for the range with their change, a trend line and where to look closer. */
export function AgentOverviewCard({ agent, range, score, status, publicHref }: AgentOverviewCardProps) {
  const metrics = useMetrics({ range, agentId: agent.id });
  const headingId = `agent-${agent.id}-title`;
  const rating = score ? ratingOverRange(score.series) : null;

  return (
    <Card className="p-4 sm:p-5">
      <article aria-labelledby={headingId}>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h3 id={headingId} className="truncate font-semibold text-slate-900">
              {publicHref ? (
                <Link to={publicHref} className="hover:text-brand-700 hover:underline">
                  {agent.name}
                </Link>
              ) : (
                agent.name
              )}
            </h3>
            {status && <div className="mt-1">{status}</div>}
          </div>
          <div className="flex items-center gap-3">
            {metrics.data ? (
              <Sparkline
                values={metrics.data.series.map((day) => day.views)}
                label={`Views per day, ${formatDay(metrics.data.from)} to ${formatDay(metrics.data.to)}`}
              />
            ) : (
              <Skeleton className="h-8 w-32" />
            )}
          </div>
        </div>

        {metrics.isError ? (
          <p className="mt-3 text-sm text-red-700">
            Its figures could not be loaded.{' '}
            <button
              type="button"
              className="cursor-pointer font-medium underline"
              onClick={() => void metrics.refetch()}
            >
              Try again
            </button>
          </p>
        ) : (
          <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-3 lg:grid-cols-6">
            {metricKeys.map((key) => (
              <div key={key} className="min-w-0">
                <dt className="text-xs text-slate-600">{metricLabels[key]}</dt>
                <dd className="font-semibold text-slate-900 tabular-nums">
                  {metrics.data ? formatNumber(metrics.data.totals[key]) : <Skeleton className="h-5 w-10" />}
                </dd>
                {metrics.data && (
                  <dd>
                    <MetricChange current={metrics.data.totals[key]} previous={metrics.data.previous[key]} />
                  </dd>
                )}
              </div>
            ))}
            <div className="min-w-0">
              <dt className="text-xs text-slate-600">Average rating</dt>
              <dd className="flex items-center gap-1 font-semibold text-slate-900 tabular-nums">
                <Star className="h-4 w-4 fill-amber-400 text-amber-500" aria-hidden="true" />
                {agent.rating.count > 0 ? agent.rating.average.toFixed(1) : '–'}
                <span className="text-xs font-normal text-slate-600">
                  ({formatNumber(agent.rating.count)})
                </span>
              </dd>
              {rating?.end != null && rating.start != null && (
                <dd>
                  <MetricChange
                    current={rating.end}
                    previous={rating.start}
                    mode="difference"
                    previousLabel="at the start of the period"
                  />
                </dd>
              )}
            </div>
          </dl>
        )}

        <div className="mt-4 flex flex-wrap gap-x-4 gap-y-2 text-sm font-medium">
          <Link
            to={paths.metrics.href({ agentId: agent.id, range })}
            className="inline-flex items-center gap-1 text-brand-700 hover:underline"
          >
            <BarChart3 className="h-4 w-4" aria-hidden="true" />
            Metrics<span className="sr-only"> of {agent.name}</span>
          </Link>
          <Link
            to={paths.metrics.href({ agentId: agent.id, range, why: true })}
            className="text-brand-700 hover:underline"
          >
            Why it ranks here<span className="sr-only">: {agent.name}</span>
          </Link>
        </div>
      </article>
    </Card>
  );
}
