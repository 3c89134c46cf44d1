import { BadgeCheck, CircleCheck, CircleX, Clock } from 'lucide-react';
import type { AgentStatus } from '../../../../shared/catalogue.js';
import { cn } from '../../../lib/cn.js';

export const agentStatusLabels: Record<AgentStatus, string> = {
  pending: 'Pending review',
  published: 'Published',
  rejected: 'Rejected',
};

const tones: Record<AgentStatus, string> = {
  pending: 'bg-amber-50 text-amber-800 ring-amber-200',
  published: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  rejected: 'bg-red-50 text-red-800 ring-red-200',
};

const icons = { pending: Clock, published: CircleCheck, rejected: CircleX } as const;

const pill =
  'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset';

export function AgentStatusBadge({ status, className }: { status: AgentStatus; className?: string }) {
  const Icon = icons[status];
  return (
    <span className={cn(pill, tones[status], className)}>
      <Icon className="h-3.5 w-3.5" aria-hidden="true" />
      {agentStatusLabels[status]}
    </span>
  );
}

export function VerifiedPill() {
  return (
    <span className={cn(pill, 'bg-sky-50 font-semibold text-sky-800 ring-sky-200')}>
      <BadgeCheck className="h-3.5 w-3.5" aria-hidden="true" />
      Verified
    </span>
  );
}
