import { BarChart3, Bot, Plus } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { metricsRanges, type MetricsRange } from '../../shared/api/metrics.js';
import { ButtonLink } from '../components/ui/button.js';
import { Card } from '../components/ui/card.js';
import { EmptyState } from '../components/ui/empty-state.js';
import { LoadFailure } from '../components/ui/load-failure.js';
import { useMetrics } from '../features/metrics/api/get-metrics.js';
import { useScore } from '../features/metrics/api/get-score.js';
import { useSearchTerms } from '../features/metrics/api/get-search-terms.js';
import { AgentPicker } from '../features/metrics/components/agent-picker.js';
import { MetricsCharts } from '../features/metrics/components/metrics-charts.js';
import { RangePicker } from '../features/metrics/components/range-picker.js';
import { ScoreBreakdown } from '../features/metrics/components/score-breakdown.js';
import { SearchTermsPanel } from '../features/metrics/components/search-terms-panel.js';
import { MetricsSkeleton } from '../features/metrics/components/skeletons.js';
import { StatTiles } from '../features/metrics/components/stat-tiles.js';
import { formatClickThrough, formatDay } from '../features/metrics/lib/labels.js';
import { DEFAULT_RANGE, parseAgentId, parseRange } from '../features/metrics/lib/range.js';
import { useOwnerAgents } from '../features/owner-agents/api/get-owner-agents.js';
import { isApiError } from '../lib/request.js';
import { useDocumentTitle } from '../lib/use-document-title.js';
import { useScrollToHash } from '../lib/use-scroll-to-hash.js';
import { paths } from '../paths.js';

/** /metrics: one agent's figures per day over a range, the search terms that showed it, and why it ranks where it does. */
export function MetricsPage() {
  useDocumentTitle('Metrics');
  const [searchParams, setSearchParams] = useSearchParams();
  const range = parseRange(searchParams.get('range'));
  const agents = useOwnerAgents();
  const list = agents.data?.agents ?? [];
  const agentId = parseAgentId(searchParams.get('agentId')) ?? list[0]?.id ?? null;
  const agent = list.find((entry) => entry.id === agentId);
  const params = agentId === null ? null : { range, agentId };
  const metrics = useMetrics({ range, agentId: agentId ?? undefined }, { enabled: params !== null });
  const score = useScore(params);
  const terms = useSearchTerms(params);

  // A link to "#why" (from the dashboard) arrives before the breakdown exists.
  useScrollToHash(score.data !== undefined);

  function update(next: { range?: MetricsRange; agentId?: number }) {
    setSearchParams(
      (current) => {
        const search = new URLSearchParams(current);
        if (next.range) {
          if (next.range === DEFAULT_RANGE) search.delete('range');
          else search.set('range', next.range);
        }
        if (next.agentId) search.set('agentId', String(next.agentId));
        return search;
      },
      { replace: true },
    );
  }

  // An admin may open any agent's figures (`?agentId=`): the picker then offers it beside their own.
  const shown = metrics.data?.agents.find((entry) => entry.id === agentId);
  const pickable = agent || !shown ? list : [...list, shown];

  const fileStem = `${agent?.slug ?? shown?.slug ?? `agent-${agentId ?? ''}`}-${range}`;
  const failed = agents.error ?? metrics.error;

  let body;
  if (agents.isPending || (params && metrics.isPending)) {
    body = <MetricsSkeleton />;
  } else if (failed) {
    const notFound = isApiError(failed) && failed.status === 404;
    body = (
      <LoadFailure
        notFound={notFound}
        icon={<BarChart3 className="h-6 w-6" />}
        title={{ notFound: 'Agent not found', failed: 'Failed to load metrics' }}
        notFoundDescription="It is not one of your agents, or it no longer exists."
        error={failed}
        actions={
          <ButtonLink to={paths.metrics.href()} variant="outline">
            Your first agent
          </ButtonLink>
        }
        onRetry={() => {
          if (agents.isError) void agents.refetch();
          if (metrics.isError) void metrics.refetch();
        }}
      />
    );
  } else if (agentId === null || !metrics.data) {
    body = (
      <EmptyState
        icon={<Bot className="h-6 w-6" />}
        title="You have not listed an agent yet"
        description="Once your agent is listed, this page charts its views, visitors, favorites, reviews and clicks day by day."
        action={
          <ButtonLink to={paths.submitAgent.href()}>
            <Plus className="h-4 w-4" aria-hidden="true" />
            Submit an agent
          </ButtonLink>
        }
      />
    );
  } else {
    const data = metrics.data;
    const agentName = agent?.name ?? data.agents[0]?.name ?? 'This agent';
    const noViews = data.totals.views === 0 && data.previous.views === 0;
    body = (
      <div className="space-y-6">
        <section aria-labelledby="totals-title">
          <h2 id="totals-title" className="mb-3 text-sm text-slate-600">
            {formatDay(data.from)} to {formatDay(data.to)}, against the {data.series.length} days before
          </h2>
          <StatTiles
            totals={data.totals}
            previous={data.previous}
            extra={[
              {
                label: 'Click-through',
                value: formatClickThrough(data.totals.clicks, data.totals.views),
                note: 'Clicks per view',
              },
            ]}
          />
        </section>
        {noViews && (
          <Card className="border-brand-200 bg-brand-50/50 p-4 text-sm text-slate-700">
            <p className="font-medium text-slate-900">No views yet</p>
            <p className="mt-1">
              {agent && agent.status !== 'published'
                ? 'It is counted from the day it is published. Until then, the checklist below says what to get ready.'
                : 'Each view, favorite, review and click shows here within seconds. The checklist below lists what helps people find it.'}
            </p>
          </Card>
        )}

        {score.data && <ScoreBreakdown score={score.data} agentName={agentName} />}
        {score.isError && (
          <SectionFailure
            message="The score breakdown could not be loaded."
            onRetry={() => void score.refetch()}
          />
        )}

        <MetricsCharts metrics={data} score={score.data} fileStem={fileStem} />

        {terms.data && <SearchTermsPanel terms={terms.data.terms} fileStem={fileStem} />}
        {terms.isError && (
          <SectionFailure
            message="The search terms could not be loaded."
            onRetry={() => void terms.refetch()}
          />
        )}
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6">
      <div className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
        <div className="min-w-0">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">Metrics</h1>
          <p className="mt-2 text-slate-600">How people find, use and rate one of your agents.</p>
        </div>
        {agentId !== null && (
          <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
            <AgentPicker agents={pickable} value={agentId} onChange={(id) => update({ agentId: id })} />
            <RangePicker ranges={metricsRanges} value={range} onChange={(next) => update({ range: next })} />
          </div>
        )}
      </div>
      <div className="mt-6">{body}</div>
    </div>
  );
}

/** A section of the page that failed to load, while the rest of the page stands. */
function SectionFailure({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <p role="alert" className="text-sm text-red-700">
      {message}{' '}
      <button type="button" className="cursor-pointer font-medium underline" onClick={onRetry}>
        Try again
      </button>
    </p>
  );
}
