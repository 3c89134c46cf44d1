import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { Skeleton } from '../components/ui/skeleton.js';
import { useCategories } from '../lib/get-categories.js';
import { useEditableAgent } from '../features/owner-agents/api/get-editable-agent.js';
import { AgentLoadError } from '../features/owner-agents/components/agent-not-found.js';
import { AgentStatusBadge } from '../features/owner-agents/components/agent-status-badge.js';
import { EditAgentForm } from '../features/owner-agents/components/edit-agent-form.js';
import { useAgentIdParam } from '../features/owner-agents/hooks/use-agent-id-param.js';
import { ApiError } from '../lib/request.js';
import { useDocumentTitle } from '../lib/use-document-title.js';
import { paths } from '../paths.js';

const notAnId = new ApiError({ message: 'Agent not found', status: 404 });

function FormSkeleton() {
  return (
    <div role="status" aria-busy="true" className="mt-6 space-y-5">
      <span className="sr-only">Loading your agent</span>
      <Skeleton className="h-16 w-full rounded-2xl" />
      {Array.from({ length: 4 }, (_, index) => (
        <div key={index} className="space-y-2">
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-10 w-full rounded-lg" />
        </div>
      ))}
      <Skeleton className="h-48 w-full rounded-lg" />
    </div>
  );
}

/** /edit-agent/{id}: the owner changes a listing; a published one stays live while the change is reviewed. */
export function EditAgentPage() {
  const id = useAgentIdParam();
  const editable = useEditableAgent(id);
  const categories = useCategories();
  const error = id === null ? notAnId : editable.error;
  const data = id === null ? undefined : editable.data;
  useDocumentTitle(data ? `Edit ${data.agent.name}` : error ? 'Agent not found' : null);

  if (error) return <AgentLoadError error={error} onRetry={() => void editable.refetch()} />;

  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:px-6">
      <Link
        to={id === null ? paths.myAgents.href() : paths.agentStatus.href(id)}
        className="-ml-1 inline-flex items-center gap-1.5 rounded-md px-1 py-1 text-sm font-medium text-slate-700 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        Status
      </Link>
      {/* The category select needs its names; if they fail to load, the form still works with the slug. */}
      {data && !categories.isPending ? (
        <>
          <header className="mt-4">
            <h1 className="text-2xl font-bold tracking-tight break-words text-slate-900 sm:text-3xl">
              Edit {data.agent.name}
            </h1>
            <div className="mt-1.5">
              <AgentStatusBadge status={data.agent.status} />
            </div>
          </header>
          <div className="mt-6">
            {/* Keyed so a refetched agent (after saving elsewhere) starts a fresh form. */}
            <EditAgentForm
              key={`${data.agent.id}:${data.pendingRevision?.id ?? 'live'}:${data.agent.updatedAt}`}
              editable={data}
              categories={categories.data?.categories ?? []}
            />
          </div>
        </>
      ) : (
        <FormSkeleton />
      )}
    </div>
  );
}
