import { formatDistanceToNow } from 'date-fns';
import { Activity, RefreshCw, ShieldAlert, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import type { AgentDetail } from '../../../../shared/api/agents.js';
import type { CardSignature, EndpointHealth } from '../../../../shared/api/probes.js';
import { formatDate, formatDateTime } from '../../../../shared/rules/date.js';
import { Badge } from '../../../components/ui/badge.js';
import { Button } from '../../../components/ui/button.js';
import { Card } from '../../../components/ui/card.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import { isAdmin, useAuthSession } from '../../../lib/auth-session.js';
import { cn } from '../../../lib/cn.js';
import { isApiError } from '../../../lib/request.js';
import { useDeferredResult } from '../../../lib/use-deferred-result.js';
import { paths } from '../../../paths.js';
import { useAgentHealth, useProbeNow } from '../api/agent-health.js';
import { AuthDetails, CompatibilityMatrix } from './protocol-matrix.js';
import { ConformanceBlock } from './conformance-block.js';
import { ToolHistory } from './tool-history.js';
import { ToolList } from './tool-list.js';
import {
  UPTIME_DAYS,
  endpointKindLabels,
  endpointStatusLabels,
  type EndpointStatus,
} from '../../../../shared/trust.js';

const statusTones: Record<EndpointStatus, 'success' | 'warning' | 'danger' | 'brand' | 'neutral'> = {
  up: 'success',
  degraded: 'warning',
  needs_auth: 'brand',
  non_conformant: 'warning',
  down: 'danger',
  unknown: 'neutral',
};

export function formatUptime(share: number | null): string {
  if (share === null) return 'No data';
  const percent = share * 100;
  return `${percent === 100 || percent === 0 ? percent.toFixed(0) : percent.toFixed(1)}%`;
}

function barColor(share: number | null): string {
  if (share === null) return 'bg-slate-200';
  if (share >= 0.99) return 'bg-emerald-500';
  if (share >= 0.9) return 'bg-amber-400';
  return 'bg-red-500';
}

function UptimeBars({ endpoint }: { endpoint: EndpointHealth }) {
  const { d1, d7, d30 } = endpoint.uptime;
  return (
    <div className="mt-4">
      <div
        role="img"
        aria-label={`Uptime: ${formatUptime(d1)} in the last day, ${formatUptime(d7)} in 7 days, ${formatUptime(d30)} in ${UPTIME_DAYS} days`}
        className="flex h-8 items-end gap-[2px]"
      >
        {endpoint.days.map((day) => (
          <span
            key={day.day}
            title={`${formatDate(`${day.day}T12:00:00Z`)}: ${formatUptime(day.uptime)}`}
            className={cn('h-full min-w-0 flex-1 rounded-sm', barColor(day.uptime))}
          />
        ))}
      </div>
      <div className="mt-1 flex justify-between text-xs text-slate-500">
        <span>{UPTIME_DAYS} days ago</span>
        <span>Today</span>
      </div>
    </div>
  );
}

function Figure({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="text-sm font-medium text-slate-900">{children}</dd>
    </div>
  );
}

const keySourceLabels: Record<NonNullable<CardSignature['keySource']>, string> = {
  origin: "a key from the card's own origin",
  claim: "a key of the listing's ownership claim",
};

/** Whether the card's signature counts, by which key, or why not. */
function SignatureLine({ signature }: { signature: CardSignature }) {
  const Icon = signature.verified ? ShieldCheck : ShieldAlert;
  return (
    <div className="mt-2 text-sm text-slate-700" data-testid="card-signature">
      <p className="flex items-center gap-1 font-medium">
        <Icon
          className={cn('h-4 w-4', signature.verified ? 'text-emerald-600' : 'text-amber-600')}
          aria-hidden="true"
        />
        {signature.verified && signature.keySource
          ? `Card signature verified with ${keySourceLabels[signature.keySource]}`
          : 'Card signature does not count'}
      </p>
      <p className="mt-0.5 text-xs break-all text-slate-600">{signature.detail}</p>
    </div>
  );
}

/** For admins: the advisory form, filled in with what the danger findings quote. */
function advisoryFromFindings(agent: AgentDetail, endpoint: EndpointHealth) {
  const findings = [
    ...endpoint.tools.flatMap((tool) => tool.findings.map((finding) => ({ ...finding, tool: tool.name }))),
    ...endpoint.toolSetFindings.map((finding) => ({ ...finding, tool: 'the tool list' })),
  ].filter((finding) => finding.severity === 'danger');
  return paths.adminAdvisories.href({
    affects: agent.slug,
    summary: `${agent.name}: a dangerous tool (${findings[0]?.rule ?? 'danger finding'})`,
    details: [
      `The published risk rules found, in tool set ${endpoint.toolSetHash ?? 'unknown'}:`,
      ...findings.map((finding) => `- ${finding.tool}: ${finding.rule}: ${finding.evidence}`),
    ].join('\n'),
  });
}

function EndpointSection({
  endpoint,
  agent,
  isAdminViewer,
}: {
  endpoint: EndpointHealth;
  agent: AgentDetail;
  isAdminViewer: boolean;
}) {
  const titleId = `health-${endpoint.kind}`;
  const toolWord = endpoint.kind === 'mcp' ? 'tool' : 'skill';
  return (
    <section aria-labelledby={titleId} className="py-4 first:pt-0 last:pb-0">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={titleId} className="text-sm font-semibold text-slate-900">
          {endpointKindLabels[endpoint.kind]}
        </h3>
        <Badge tone={statusTones[endpoint.status]}>{endpointStatusLabels[endpoint.status]}</Badge>
      </div>
      <p className="mt-1 font-mono text-xs break-all text-slate-600">{endpoint.url}</p>
      {endpoint.detail && <p className="mt-2 text-sm text-slate-700">{endpoint.detail}</p>}
      {endpoint.signature && <SignatureLine signature={endpoint.signature} />}
      {endpoint.kind === 'mcp' && <CompatibilityMatrix protocols={endpoint.protocols} />}
      {endpoint.auth && <AuthDetails auth={endpoint.auth} />}
      <dl className="mt-3 grid grid-cols-3 gap-2">
        <Figure label="Last checked">
          {endpoint.checkedAt ? (
            <time dateTime={endpoint.checkedAt} title={formatDateTime(endpoint.checkedAt)}>
              {formatDistanceToNow(new Date(endpoint.checkedAt), { addSuffix: true })}
            </time>
          ) : (
            'Not yet'
          )}
        </Figure>
        <Figure label="Latency">{endpoint.latencyMs === null ? '—' : `${endpoint.latencyMs} ms`}</Figure>
        <Figure label={`Uptime (${UPTIME_DAYS} d)`}>{formatUptime(endpoint.uptime.d30)}</Figure>
      </dl>
      <UptimeBars endpoint={endpoint} />
      {endpoint.tools.length > 0 ? (
        <details className="mt-4 group">
          <summary className="cursor-pointer text-sm font-medium text-brand-700 hover:text-brand-800">
            {endpoint.tools.length} {toolWord}
            {endpoint.tools.length === 1 ? '' : 's'} offered
            {dangerCount(endpoint) > 0 && (
              <span className="ml-2 font-semibold text-red-700">
                · {dangerCount(endpoint)} danger finding{dangerCount(endpoint) === 1 ? '' : 's'}
              </span>
            )}
          </summary>
          <ToolList
            tools={endpoint.tools}
            instructions={endpoint.instructions}
            toolSetFindings={endpoint.toolSetFindings}
            toolSetHash={endpoint.toolSetHash}
          />
        </details>
      ) : (
        endpoint.status === 'needs_auth' && (
          <p className="mt-4 text-sm text-slate-600">
            The server asks for credentials before it lists its {toolWord}s.
          </p>
        )
      )}
      {isAdminViewer && dangerCount(endpoint) > 0 && (
        <Link
          className="mt-2 inline-block text-sm font-medium text-brand-700 underline"
          to={advisoryFromFindings(agent, endpoint)}
        >
          Publish an advisory about these findings
        </Link>
      )}
      {endpoint.changes.length > 0 && (
        <div className="mt-4">
          <h4 className="text-xs font-medium text-slate-500">What changed</h4>
          <ToolHistory changes={endpoint.changes} />
        </div>
      )}
    </section>
  );
}

/** Danger findings on the tools and the list: shown on the folded summary, not only inside it. */
function dangerCount(endpoint: EndpointHealth): number {
  return [...endpoint.tools.flatMap((tool) => tool.findings), ...endpoint.toolSetFindings].filter(
    (finding) => finding.severity === 'danger',
  ).length;
}

/**
 * The agent page's Health section: what AgentAtlas found when it checked the
 * agent's MCP server and A2A card itself. The owner and admins can probe again now.
 */
export function HealthPanel({ agent }: { agent: AgentDetail }) {
  const { user } = useAuthSession();
  const canProbe = Boolean(agent.viewer?.isOwner) || isAdmin(user);
  const hasEndpoints = agent.mcpUrl !== null || agent.agentCardUrl !== null;
  const health = useDeferredResult(useAgentHealth(agent.id, hasEndpoints));
  const probe = useProbeNow(agent.id, agent.slug);

  if (!hasEndpoints && !canProbe) return null;

  return (
    <Card className="scroll-mt-20 p-6" id="health">
      <section aria-labelledby="health-title">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="health-title" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
            <Activity className="h-5 w-5 text-brand-600" aria-hidden="true" />
            Health
          </h2>
          {canProbe && hasEndpoints && (
            <Button variant="outline" size="sm" onClick={() => probe.mutate()} disabled={probe.isPending}>
              <RefreshCw className={cn('h-4 w-4', probe.isPending && 'animate-spin')} aria-hidden="true" />
              {probe.isPending ? 'Probing…' : 'Probe now'}
            </Button>
          )}
        </div>
        <p className="mt-1 text-sm text-slate-600">
          Checked by AgentAtlas against the agent itself, about every 15 minutes.
        </p>
        {probe.isError && (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {isApiError(probe.error) ? probe.error.message : 'The probe could not be started. Try again.'}
          </p>
        )}
        <div className="mt-4 divide-y divide-slate-100" aria-busy={health.isFetching || probe.isPending}>
          {!hasEndpoints ? (
            <p className="text-sm text-slate-600">
              Add an MCP server or an A2A agent card URL to your listing and AgentAtlas will check it
              regularly and show its health and tools here.{' '}
              <Link
                to={paths.editAgent.href(agent.id)}
                className="font-medium text-brand-700 hover:underline"
              >
                Edit listing
              </Link>
            </p>
          ) : health.isPending ? (
            <div className="space-y-2">
              <Skeleton className="h-4 w-1/2" />
              <Skeleton className="h-8 w-full" />
            </div>
          ) : health.isError ? (
            <p className="text-sm text-slate-600">
              Health could not be loaded.{' '}
              <button
                type="button"
                className="font-medium text-brand-700 hover:underline"
                onClick={() => void health.refetch()}
              >
                Try again
              </button>
            </p>
          ) : health.data.endpoints.length === 0 ? (
            <p className="text-sm text-slate-600">
              Not checked yet: the first probe runs within a few minutes.
            </p>
          ) : (
            health.data.endpoints.map((endpoint) => (
              <EndpointSection
                key={endpoint.kind}
                endpoint={endpoint}
                agent={agent}
                isAdminViewer={isAdmin(user)}
              />
            ))
          )}
        </div>
        <ConformanceBlock agentId={agent.id} endpoints={health.data?.endpoints} canRun={canProbe} />
      </section>
    </Card>
  );
}
