import {
  CircleCheck,
  CircleX,
  Clock,
  FilePen,
  Flag,
  MessageSquareReply,
  type LucideIcon,
} from 'lucide-react';
import { Link } from 'react-router';
import type { ScoreResponse } from '../../../../shared/api/metrics.js';
import type { AgentStatus } from '../../../../shared/catalogue.js';
import { Card } from '../../../components/ui/card.js';
import { paths } from '../../../paths.js';

interface AttentionAgent {
  id: number;
  name: string;
  status: AgentStatus;
  rejectionReason: string | null;
  hasPendingRevision: boolean;
  openReports: number;
}

interface AttentionItem {
  key: string;
  icon: LucideIcon;
  tone: string;
  text: string;
  detail?: string | null;
  action: { label: string; to: string };
}

/**
 * What the owner could act on now, most urgent first: rejections, reports about a listing, unanswered
 * reviews, then what waits for review.
 */
export function attentionItems(
  agents: readonly AttentionAgent[],
  scores: readonly ScoreResponse[],
): AttentionItem[] {
  const rejected: AttentionItem[] = [];
  const reported: AttentionItem[] = [];
  const unanswered: AttentionItem[] = [];
  const waiting: AttentionItem[] = [];
  const names = new Map(agents.map((agent) => [agent.id, agent.name]));
  for (const agent of agents) {
    if (agent.status === 'rejected') {
      rejected.push({
        key: `rejected-${agent.id}`,
        icon: CircleX,
        tone: 'bg-red-50 text-red-700',
        text: `${agent.name} was not approved`,
        detail: agent.rejectionReason,
        action: { label: 'See why and resubmit', to: paths.agentStatus.href(agent.id) },
      });
    } else if (agent.status === 'pending') {
      waiting.push({
        key: `pending-${agent.id}`,
        icon: Clock,
        tone: 'bg-amber-50 text-amber-800',
        text: `${agent.name} is waiting for review`,
        action: { label: 'View status', to: paths.agentStatus.href(agent.id) },
      });
    }
    if (agent.openReports > 0) {
      reported.push({
        key: `reports-${agent.id}`,
        icon: Flag,
        tone: 'bg-red-50 text-red-700',
        text:
          agent.openReports === 1
            ? `Someone reported ${agent.name}`
            : `${agent.openReports} open reports about ${agent.name}`,
        detail: 'An admin will decide. Check that the listing is accurate and up to date.',
        action: { label: 'Review the listing', to: paths.editAgent.href(agent.id) },
      });
    }
    if (agent.hasPendingRevision) {
      waiting.push({
        key: `revision-${agent.id}`,
        icon: FilePen,
        tone: 'bg-amber-50 text-amber-800',
        text: `Your edit of ${agent.name} is waiting for review`,
        action: { label: 'View status', to: paths.agentStatus.href(agent.id) },
      });
    }
  }
  for (const score of scores) {
    const item = score.checklist.find((entry) => entry.key === 'unanswered-reviews' && !entry.done);
    if (!item) continue;
    unanswered.push({
      key: `reviews-${score.agentId}`,
      icon: MessageSquareReply,
      tone: 'bg-brand-50 text-brand-700',
      text: `${names.get(score.agentId) ?? 'An agent'}: ${item.detail ?? 'reviews without a reply'}`,
      action: { label: 'Reply to reviews', to: item.fixPath },
    });
  }
  return [...rejected, ...reported, ...unanswered, ...waiting];
}

/** The dashboard's to-do list, each item with a link to act on it. */
export function NeedsAttention({ items, loading }: { items: AttentionItem[]; loading: boolean }) {
  return (
    <Card className="p-4 sm:p-5">
      <section aria-labelledby="attention-title">
        <h2 id="attention-title" className="text-lg font-semibold text-slate-900">
          Needs attention
        </h2>
        {items.length === 0 ? (
          <p className="mt-3 flex items-center gap-2 text-sm text-slate-600">
            <CircleCheck className="h-4 w-4 text-emerald-700" aria-hidden="true" />
            {loading ? 'Checking your agents…' : 'Nothing needs your attention. Well done.'}
          </p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-100">
            {items.map((item) => {
              const Icon = item.icon;
              return (
                <li key={item.key} className="flex flex-wrap items-start gap-3 py-3 first:pt-0 last:pb-0">
                  <span
                    aria-hidden="true"
                    className={`flex h-8 w-8 shrink-0 items-center justify-center rounded-full ${item.tone}`}
                  >
                    <Icon className="h-4 w-4" />
                  </span>
                  <div className="min-w-0 flex-1 basis-48">
                    <p className="text-sm font-medium text-slate-900">{item.text}</p>
                    {item.detail && (
                      <p className="mt-0.5 text-sm break-words text-slate-600">{item.detail}</p>
                    )}
                  </div>
                  <Link
                    to={item.action.to}
                    className="text-sm font-medium text-brand-700 underline underline-offset-2"
                  >
                    {item.action.label}
                    <span className="sr-only">: {item.text}</span>
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </Card>
  );
}
