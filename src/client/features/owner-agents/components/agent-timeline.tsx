import {
  Activity,
  BadgeCheck,
  BadgeX,
  CircleCheck,
  CircleX,
  FileCheck,
  FilePen,
  FileX,
  KeyRound,
  Pencil,
  RotateCcw,
  Scale,
  Send,
  type LucideIcon,
} from 'lucide-react';
import type { AgentEvent, AgentEventKind } from '../../../../shared/api/submissions.js';
import { cn } from '../../../lib/cn.js';
import { formatDateTime } from './format-date-time.js';

interface EventLook {
  icon: LucideIcon;
  title: string;
  /** Icon colours; a rejection's reason is shown as a quote. */
  tone: string;
  isReason?: boolean;
}

const looks: Record<AgentEventKind, EventLook> = {
  submitted: { icon: Send, title: 'Submitted for review', tone: 'bg-brand-50 text-brand-700' },
  updated: { icon: Pencil, title: 'Updated', tone: 'bg-slate-100 text-slate-700' },
  resubmitted: { icon: RotateCcw, title: 'Resubmitted for review', tone: 'bg-brand-50 text-brand-700' },
  approved: { icon: CircleCheck, title: 'Approved and published', tone: 'bg-emerald-50 text-emerald-700' },
  rejected: { icon: CircleX, title: 'Not approved', tone: 'bg-red-50 text-red-700', isReason: true },
  verified: { icon: BadgeCheck, title: 'Verified', tone: 'bg-sky-50 text-sky-700' },
  unverified: { icon: BadgeX, title: 'Verification removed', tone: 'bg-slate-100 text-slate-700' },
  revision_submitted: {
    icon: FilePen,
    title: 'Edit submitted for review',
    tone: 'bg-amber-50 text-amber-800',
  },
  revision_approved: { icon: FileCheck, title: 'Edit approved', tone: 'bg-emerald-50 text-emerald-700' },
  revision_rejected: {
    icon: FileX,
    title: 'Edit not approved',
    tone: 'bg-red-50 text-red-700',
    isReason: true,
  },
  claim_verified: { icon: KeyRound, title: 'Ownership claim verified', tone: 'bg-sky-50 text-sky-700' },
  claim_lapsed: { icon: KeyRound, title: 'Ownership claim lapsed', tone: 'bg-red-50 text-red-700' },
  verification_lapsed: { icon: BadgeX, title: 'Verification lapsed', tone: 'bg-red-50 text-red-700' },
  incident: { icon: Activity, title: 'Endpoint failing', tone: 'bg-red-50 text-red-700' },
  recovered: { icon: Activity, title: 'Endpoint recovered', tone: 'bg-emerald-50 text-emerald-700' },
  appealed: { icon: Scale, title: 'Appeal sent', tone: 'bg-amber-50 text-amber-800' },
  appeal_upheld: { icon: Scale, title: 'Appeal upheld', tone: 'bg-emerald-50 text-emerald-700' },
  appeal_denied: { icon: Scale, title: 'Appeal denied', tone: 'bg-slate-100 text-slate-700', isReason: true },
};

const actors: Record<AgentEvent['actor'], string> = {
  owner: 'by you',
  admin: 'by an admin',
  system: 'automatically',
};

/** Oldest first, so the list reads as the listing's story; ties keep the order they were written in. */
function chronological(events: AgentEvent[]): AgentEvent[] {
  return [...events].sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt) || a.id - b.id);
}

export function AgentTimeline({ events }: { events: AgentEvent[] }) {
  if (events.length === 0) {
    return <p className="text-sm text-slate-600">Nothing has happened to this listing yet.</p>;
  }
  const ordered = chronological(events);
  return (
    <ol className="relative space-y-5" aria-label="Timeline, oldest first">
      {ordered.map((event, index) => {
        const look = looks[event.kind];
        const Icon = look.icon;
        const last = index === ordered.length - 1;
        return (
          <li key={event.id} className="relative flex gap-3">
            {!last && (
              <span
                aria-hidden="true"
                className="absolute top-9 bottom-[-1.25rem] left-[1.0625rem] w-px bg-slate-200"
              />
            )}
            <span
              aria-hidden="true"
              className={cn('flex h-9 w-9 shrink-0 items-center justify-center rounded-full', look.tone)}
            >
              <Icon className="h-4 w-4" />
            </span>
            <div className="min-w-0 flex-1 pt-1.5">
              <p className="text-sm font-semibold text-slate-900">{look.title}</p>
              <p className="text-xs text-slate-600">
                <time dateTime={event.createdAt}>{formatDateTime(event.createdAt)}</time>
                <span aria-hidden="true"> · </span>
                {actors[event.actor]}
              </p>
              {event.message &&
                (look.isReason ? (
                  <blockquote className="mt-2 rounded-lg border-l-4 border-red-300 bg-red-50/60 px-3 py-2 text-sm break-words whitespace-pre-line text-slate-800">
                    <span className="sr-only">Reason: </span>
                    {event.message}
                  </blockquote>
                ) : (
                  <p className="mt-1 text-sm break-words text-slate-700">{event.message}</p>
                ))}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
