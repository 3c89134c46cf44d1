import { CircleCheck, CircleX, ExternalLink, Hourglass, Pencil, Search, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import type { AgentStatusResponse } from '../../../../shared/api/owner-agents.js';
import { formatDate } from '../../../../shared/rules/date.js';
import { ButtonLink } from '../../../components/ui/button.js';
import { cn } from '../../../lib/cn.js';
import { paths } from '../../../paths.js';

type Props = Pick<AgentStatusResponse, 'agent' | 'pendingRevision'>;

const tones = {
  amber: { frame: 'border-amber-200 bg-amber-50/70', icon: 'text-amber-700' },
  emerald: { frame: 'border-emerald-200 bg-emerald-50/70', icon: 'text-emerald-700' },
  red: { frame: 'border-red-200 bg-red-50/70', icon: 'text-red-700' },
};

/** The status headline: a coloured panel with its icon and title, and what it means below. */
function StatusCallout({
  tone,
  icon: Icon,
  title,
  children,
}: {
  tone: keyof typeof tones;
  icon: LucideIcon;
  title: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby="status-title"
      className={cn('rounded-2xl border p-5 sm:p-6', tones[tone].frame)}
    >
      <div className="flex items-start gap-3">
        <Icon className={cn('mt-0.5 h-6 w-6 shrink-0', tones[tone].icon)} aria-hidden="true" />
        <div className="min-w-0 flex-1">
          <h2 id="status-title" className="text-xl font-semibold text-slate-900">
            {title}
          </h2>
          {children}
        </div>
      </div>
    </section>
  );
}

/** The one thing the owner came to learn: where the submission stands and what they can do now. */
export function StatusPanel({ agent, pendingRevision }: Props) {
  return (
    <div className="space-y-4">
      {agent.status === 'pending' && (
        <StatusCallout tone="amber" icon={Search} title="In review">
          <p className="mt-1 text-slate-700">An admin is checking your listing before it goes public.</p>
          <h3 className="mt-4 text-sm font-semibold text-slate-900">What happens next</h3>
          <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-slate-700">
            <li>When it is approved, the listing is published and people can find, rate and favorite it.</li>
            <li>If something needs to change, you will see the admin&apos;s reason here.</li>
            <li>Either way you get a notification. You can still correct details while you wait.</li>
          </ul>
          <ButtonLink to={paths.editAgent.href(agent.id)} variant="outline" size="sm" className="mt-4">
            <Pencil className="h-4 w-4" aria-hidden="true" />
            Edit details
          </ButtonLink>
        </StatusCallout>
      )}

      {agent.status === 'published' && (
        <StatusCallout tone="emerald" icon={CircleCheck} title="Published">
          <p className="mt-1 text-slate-700">
            {agent.publishedAt
              ? `Live on AgentAtlas since ${formatDate(agent.publishedAt)}.`
              : 'Live on AgentAtlas.'}{' '}
            Changes you make go through review while this version stays live.
          </p>
          <div className="mt-4 flex flex-wrap gap-2">
            <ButtonLink to={paths.agent.href(agent.slug)} size="sm">
              <ExternalLink className="h-4 w-4" aria-hidden="true" />
              View live listing
            </ButtonLink>
            <ButtonLink to={paths.editAgent.href(agent.id)} variant="outline" size="sm">
              <Pencil className="h-4 w-4" aria-hidden="true" />
              Edit listing
            </ButtonLink>
          </div>
        </StatusCallout>
      )}

      {agent.status === 'rejected' && (
        <StatusCallout tone="red" icon={CircleX} title="Not approved">
          <p className="mt-1 text-slate-700">An admin did not approve this listing:</p>
          <blockquote className="mt-3 rounded-xl border border-red-200 bg-white px-4 py-3 text-base break-words whitespace-pre-line text-slate-900">
            <span className="sr-only">Reason: </span>
            {agent.rejectionReason ?? 'No reason was given.'}
          </blockquote>
          <p className="mt-3 text-sm text-slate-700">
            Fix what the reason names and send it again: it goes back into the review queue.
          </p>
          <ButtonLink to={paths.editAgent.href(agent.id)} size="sm" className="mt-4">
            <Pencil className="h-4 w-4" aria-hidden="true" />
            Edit and resubmit
          </ButtonLink>
        </StatusCallout>
      )}

      {pendingRevision && (
        <section
          aria-label="Edit waiting for review"
          className="flex items-start gap-3 rounded-2xl border border-amber-200 bg-white p-4 sm:p-5"
        >
          <Hourglass className="mt-0.5 h-5 w-5 shrink-0 text-amber-700" aria-hidden="true" />
          <div className="min-w-0">
            <p className="font-semibold text-slate-900">An edit is waiting for review</p>
            <p className="mt-1 text-sm text-slate-700">
              Sent {formatDate(pendingRevision.createdAt)}. The listing stays live as it is until an admin
              approves the changes.
            </p>
          </div>
        </section>
      )}
    </div>
  );
}
