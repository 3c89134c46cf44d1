import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { Avatar } from '../components/ui/avatar.js';
import { Card } from '../components/ui/card.js';
import { Skeleton } from '../components/ui/skeleton.js';
import { useAgentStatus } from '../features/owner-agents/api/get-agent-status.js';
import { AgentLoadError } from '../features/owner-agents/components/agent-not-found.js';
import { AgentStatusBadge, VerifiedPill } from '../features/owner-agents/components/agent-status-badge.js';
import { AgentTimeline } from '../features/owner-agents/components/agent-timeline.js';
import { ClaimsPanel } from '../features/claims/components/claims-panel.js';
import { RecordSection } from '../features/record/components/record-section.js';
import { BadgeEmbed } from '../features/badges/components/badge-embed.js';
import { StatusPanel } from '../features/owner-agents/components/status-panel.js';
import { useAgentIdParam } from '../features/owner-agents/hooks/use-agent-id-param.js';
import { ApiError } from '../lib/request.js';
import { useDocumentTitle } from '../lib/use-document-title.js';
import { paths } from '../paths.js';

const notAnId = new ApiError({ message: 'Agent not found', status: 404 });

function BackToMyAgents() {
  return (
    <Link
      to={paths.myAgents.href()}
      className="-ml-1 inline-flex items-center gap-1.5 rounded-md px-1 py-1 text-sm font-medium text-slate-700 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      <ArrowLeft className="h-4 w-4" aria-hidden="true" />
      My Agents
    </Link>
  );
}

function StatusSkeleton() {
  return (
    <div role="status" aria-busy="true" className="mt-6 space-y-6">
      <span className="sr-only">Loading the status</span>
      <div className="flex items-center gap-4">
        <Skeleton className="h-14 w-14 rounded-xl" />
        <div className="flex-1 space-y-2">
          <Skeleton className="h-6 w-1/2" />
          <Skeleton className="h-4 w-1/4" />
        </div>
      </div>
      <Skeleton className="h-40 w-full rounded-2xl" />
      <Skeleton className="h-56 w-full rounded-2xl" />
    </div>
  );
}

/** /agent-status/{id}: where the owner's submission stands, and everything that happened to it. */
export function AgentStatusPage() {
  const id = useAgentIdParam();
  const status = useAgentStatus(id);
  const error = id === null ? notAnId : status.error;
  const data = id === null ? undefined : status.data;
  useDocumentTitle(data ? `Status of ${data.agent.name}` : error ? 'Agent not found' : null);

  if (error) return <AgentLoadError error={error} onRetry={() => void status.refetch()} />;

  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:px-6">
      <BackToMyAgents />
      {!data ? (
        <StatusSkeleton />
      ) : (
        <>
          <header className="mt-4 flex items-start gap-4">
            <Avatar name={data.agent.name} imageUrl={data.agent.logoUrl} size={56} rounded="xl" />
            <div className="min-w-0 flex-1">
              <h1 className="text-2xl font-bold tracking-tight break-words text-slate-900 sm:text-3xl">
                {data.agent.name}
              </h1>
              <div className="mt-1.5 flex flex-wrap items-center gap-2">
                <AgentStatusBadge status={data.agent.status} />
                {data.agent.verified && <VerifiedPill />}
                <span className="text-sm text-slate-600">{data.agent.category.name}</span>
              </div>
            </div>
          </header>

          <div className="mt-6">
            <StatusPanel agent={data.agent} pendingRevision={data.pendingRevision} />
          </div>

          <Card className="mt-6 p-5 sm:p-6">
            <h2 className="mb-4 text-lg font-semibold text-slate-900">Timeline</h2>
            <AgentTimeline events={data.events} />
          </Card>
          <div className="mt-6 space-y-6">
            {/* A rejected listing is appealed from here; a live one also gets its claims and badge. */}
            <RecordSection agentId={data.agent.id} />
            <ClaimsPanel agentId={data.agent.id} isOwner />
            {data.agent.status === 'published' && <BadgeEmbed agent={data.agent} />}
          </div>
        </>
      )}
    </div>
  );
}
