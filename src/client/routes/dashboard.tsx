import { Bot, LayoutDashboard, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { metricsRanges, type MetricsRange } from '../../shared/api/metrics.js';
import { Button, ButtonLink } from '../components/ui/button.js';
import { Card } from '../components/ui/card.js';
import { EmptyState } from '../components/ui/empty-state.js';
import { useMetrics } from '../features/metrics/api/get-metrics.js';
import { useScores } from '../features/metrics/api/get-score.js';
import { AgentOverviewCard } from '../features/metrics/components/agent-overview-card.js';
import { attentionItems, NeedsAttention } from '../features/metrics/components/needs-attention.js';
import { RangePicker } from '../features/metrics/components/range-picker.js';
import { DashboardSkeleton } from '../features/metrics/components/skeletons.js';
import { StatTiles } from '../features/metrics/components/stat-tiles.js';
import { formatDay, formatNumber } from '../features/metrics/lib/labels.js';
import { DEFAULT_RANGE, parseRange } from '../features/metrics/lib/range.js';
import { useOwnerAgents } from '../features/owner-agents/api/get-owner-agents.js';
import { AgentStatusBadge } from '../features/owner-agents/components/agent-status-badge.js';
import { useDocumentTitle } from '../lib/use-document-title.js';
import { paths } from '../paths.js';
import { OwnerPageFailure } from '../components/owner-page-failure.js';

/** Each agent's card asks for its own figures: the first ones at once, the rest on request. */
const AGENTS_SHOWN = 10;

/** /dashboard: every agent the person owns at a glance, with what needs their attention. */
export function DashboardPage() {
  useDocumentTitle('Dashboard');
  const [searchParams, setSearchParams] = useSearchParams();
  const [showAll, setShowAll] = useState(false);
  const range = parseRange(searchParams.get('range'));
  const agents = useOwnerAgents();
  const list = agents.data?.agents ?? [];
  const hasAgents = list.length > 0;
  const metrics = useMetrics({ range }, { enabled: hasAgents });
  const published = list.filter((agent) => agent.status === 'published');
  const scores = useScores(
    published.map((agent) => agent.id),
    range,
  );
  const scoreById = new Map(
    scores.flatMap((query) => (query.data ? [[query.data.agentId, query.data]] : [])),
  );

  function setRange(next: MetricsRange) {
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        if (next === DEFAULT_RANGE) params.delete('range');
        else params.set('range', next);
        return params;
      },
      { replace: true },
    );
  }

  const rated = list.filter((agent) => agent.rating.count > 0);
  const ratingCount = rated.reduce((sum, agent) => sum + agent.rating.count, 0);
  const averageRating =
    ratingCount > 0
      ? rated.reduce((sum, agent) => sum + agent.rating.average * agent.rating.count, 0) / ratingCount
      : null;

  let body;
  if (agents.isPending || (hasAgents && metrics.isPending)) {
    body = <DashboardSkeleton />;
  } else if (agents.isError || metrics.isError) {
    body = (
      <OwnerPageFailure
        icon={<LayoutDashboard className="h-6 w-6" />}
        title="Failed to load your dashboard"
        queries={[agents, metrics]}
      />
    );
  } else if (!hasAgents) {
    body = (
      <EmptyState
        icon={<Bot className="h-6 w-6" />}
        title="You have not listed an agent yet"
        description="Submit your agent and, once an admin approves it, this page shows how many people view, favorite, review and visit it."
        action={
          <ButtonLink to={paths.submitAgent.href()}>
            <Plus className="h-4 w-4" aria-hidden="true" />
            Submit an agent
          </ButtonLink>
        }
      />
    );
  } else if (metrics.data) {
    const data = metrics.data;
    const quiet =
      Object.values(data.totals).every((value) => value === 0) &&
      Object.values(data.previous).every((value) => value === 0);
    const firstPublished = published[0];
    body = (
      <div className="space-y-8">
        <section aria-labelledby="totals-title">
          <h2 id="totals-title" className="sr-only">
            All your agents, {formatDay(data.from)} to {formatDay(data.to)}
          </h2>
          <StatTiles
            totals={data.totals}
            previous={data.previous}
            extra={[
              {
                label: 'Average rating',
                value: averageRating === null ? '–' : averageRating.toFixed(1),
                note: `${formatNumber(ratingCount)} ${ratingCount === 1 ? 'review' : 'reviews'} in all`,
              },
            ]}
          />
          {quiet && (
            <Card className="mt-4 border-brand-200 bg-brand-50/50 p-4 text-sm text-slate-700">
              <p className="font-medium text-slate-900">No visits yet in this period</p>
              <p className="mt-1">
                Figures appear here within seconds of someone opening your agent&apos;s page, favoriting it or
                following its links. Share the page where your users are, and check{' '}
                {firstPublished ? (
                  <Link
                    to={paths.metrics.href({ agentId: firstPublished.id, range, why: true })}
                    className="font-medium text-brand-700 underline"
                  >
                    what would improve its rank
                  </Link>
                ) : (
                  'what would improve its rank once it is published'
                )}
                .
              </p>
            </Card>
          )}
        </section>

        <NeedsAttention
          items={attentionItems(list, [...scoreById.values()])}
          loading={scores.some((query) => query.isPending)}
        />

        <section aria-labelledby="agents-title">
          <h2 id="agents-title" className="text-lg font-semibold text-slate-900">
            Your agents
          </h2>
          <ul className="mt-3 space-y-3">
            {(showAll ? list : list.slice(0, AGENTS_SHOWN)).map((agent) => (
              <li key={agent.id}>
                <AgentOverviewCard
                  agent={agent}
                  range={range}
                  score={scoreById.get(agent.id)}
                  status={<AgentStatusBadge status={agent.status} />}
                  publicHref={agent.status === 'published' ? paths.agent.href(agent.slug) : undefined}
                />
              </li>
            ))}
          </ul>
          {!showAll && list.length > AGENTS_SHOWN && (
            <Button variant="outline" className="mt-3" onClick={() => setShowAll(true)}>
              Show all {list.length} agents
            </Button>
          )}
        </section>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">Dashboard</h1>
          <p className="mt-2 text-slate-600">How your agents are doing, against the period before.</p>
        </div>
        {hasAgents && <RangePicker ranges={metricsRanges} value={range} onChange={setRange} />}
      </div>
      <div className="mt-6">{body}</div>
    </div>
  );
}
