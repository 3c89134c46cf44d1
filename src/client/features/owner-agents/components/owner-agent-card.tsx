import { Activity, ExternalLink, Eye, Heart, Hourglass, Pencil } from 'lucide-react';
import { Link } from 'react-router';
import type { OwnerAgent } from '../../../../shared/api/owner-agents.js';
import { formatCount } from '../../../../shared/rules/count.js';
import { formatDate } from '../../../../shared/rules/date.js';
import { Avatar } from '../../../components/ui/avatar.js';
import { ButtonLink } from '../../../components/ui/button.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import { paths } from '../../../paths.js';
import { AgentStatusBadge, VerifiedPill } from './agent-status-badge.js';
import { FilledStar } from '../../../components/ui/star-rating.js';

const REASON_PREVIEW_MAX = 140;

function shorten(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
}

function dateLine(agent: OwnerAgent): string {
  if (agent.status === 'published' && agent.publishedAt) return `Published ${formatDate(agent.publishedAt)}`;
  if (agent.status === 'pending') return `Submitted ${formatDate(agent.updatedAt)}`;
  return `Updated ${formatDate(agent.updatedAt)}`;
}

/** One of the owner's agents: what state it is in, how it is doing, and where to go next. */
export function OwnerAgentCard({ agent }: { agent: OwnerAgent }) {
  const published = agent.status === 'published';
  return (
    <article
      aria-label={agent.name}
      className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 md:flex-row md:items-center"
    >
      <div className="flex min-w-0 flex-1 items-start gap-3 sm:gap-4">
        <Avatar name={agent.name} imageUrl={agent.logoUrl} size={48} rounded="xl" />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <h2 className="min-w-0 text-base font-semibold break-words text-slate-900">
              {published ? (
                <Link to={paths.agent.href(agent.slug)} className="hover:underline">
                  {agent.name}
                </Link>
              ) : (
                agent.name
              )}
            </h2>
            <AgentStatusBadge status={agent.status} />
            {agent.verified && <VerifiedPill />}
          </div>
          <p className="mt-0.5 text-sm text-slate-600">
            {agent.category.name}
            <span aria-hidden="true"> · </span>
            {dateLine(agent)}
          </p>

          <dl className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600">
            <div className="inline-flex items-center gap-1">
              <dt>
                <FilledStar className="h-4 w-4" />
                <span className="sr-only">Rating</span>
              </dt>
              <dd>
                {agent.rating.count > 0 ? (
                  <>
                    <span className="font-medium text-slate-800">{agent.rating.average.toFixed(1)}</span> (
                    {formatCount(agent.rating.count)} {agent.rating.count === 1 ? 'review' : 'reviews'})
                  </>
                ) : (
                  'No reviews yet'
                )}
              </dd>
            </div>
            <div className="inline-flex items-center gap-1">
              <dt>
                <Heart className="h-4 w-4 text-rose-500" aria-hidden="true" />
                <span className="sr-only">Favorites</span>
              </dt>
              <dd>{formatCount(agent.favoritesCount)}</dd>
            </div>
            <div className="inline-flex items-center gap-1">
              <dt>
                <Eye className="h-4 w-4 text-slate-500" aria-hidden="true" />
                <span className="sr-only">Views</span>
              </dt>
              <dd>{formatCount(agent.viewsCount)}</dd>
            </div>
          </dl>

          {agent.hasPendingRevision && (
            <p className="mt-2 inline-flex items-center gap-1.5 rounded-lg bg-amber-50 px-2.5 py-1 text-sm font-medium text-amber-900">
              <Hourglass className="h-4 w-4" aria-hidden="true" />
              Edit waiting for review
            </p>
          )}
          {agent.status === 'rejected' && agent.rejectionReason && (
            <p className="mt-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-900">
              <span className="font-medium">Reason: </span>
              {shorten(agent.rejectionReason, REASON_PREVIEW_MAX)}
            </p>
          )}
        </div>
      </div>

      <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap md:w-36 md:shrink-0 md:flex-col md:items-stretch">
        {published && (
          <ButtonLink
            to={paths.agent.href(agent.slug)}
            variant="outline"
            size="sm"
            className="col-span-2"
            aria-label={`View listing of ${agent.name}`}
          >
            <ExternalLink className="h-4 w-4" aria-hidden="true" />
            View listing
          </ButtonLink>
        )}
        <ButtonLink
          to={paths.agentStatus.href(agent.id)}
          variant="outline"
          size="sm"
          aria-label={`Status of ${agent.name}`}
        >
          <Activity className="h-4 w-4" aria-hidden="true" />
          Status
        </ButtonLink>
        <ButtonLink
          to={paths.editAgent.href(agent.id)}
          variant={agent.status === 'rejected' ? 'primary' : 'outline'}
          size="sm"
          aria-label={`Edit ${agent.name}`}
        >
          <Pencil className="h-4 w-4" aria-hidden="true" />
          Edit
        </ButtonLink>
      </div>
    </article>
  );
}

export function OwnerAgentListSkeleton({ count = 3 }: { count?: number }) {
  return (
    <div role="status" aria-busy="true" className="space-y-4">
      <span className="sr-only">Loading your agents</span>
      {Array.from({ length: count }, (_, index) => (
        <div key={index} className="flex items-start gap-4 rounded-2xl border border-slate-200 bg-white p-5">
          <Skeleton className="h-12 w-12 rounded-xl" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-4 w-1/3" />
            <Skeleton className="h-3 w-1/4" />
            <Skeleton className="h-3 w-1/2" />
          </div>
          <Skeleton className="hidden h-8 w-24 rounded-lg md:block" />
        </div>
      ))}
    </div>
  );
}
