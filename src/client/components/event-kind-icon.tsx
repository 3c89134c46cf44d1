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
  MessageSquare,
  MessageSquareReply,
  Pencil,
  RotateCcw,
  Scale,
  Send,
  ShieldAlert,
  ShieldCheck,
  type LucideIcon,
} from 'lucide-react';
import type { HistoryKind } from '../../shared/api/history.js';
import { cn } from '../lib/cn.js';

interface EventKindLook {
  /** The kind's name in the owner's history and its filter. */
  label: string;
  icon: LucideIcon;
  /** Background and text colours of the icon's disc. */
  tone: string;
}

/**
 * The name, icon and colours of each kind of event, the same in an agent's timeline and in the owner's
 * history (which adds reviews, replies and reports).
 */
export const eventKindLooks: Record<HistoryKind, EventKindLook> = {
  submitted: { label: 'Submitted', icon: Send, tone: 'bg-brand-50 text-brand-700' },
  updated: { label: 'Updated', icon: Pencil, tone: 'bg-slate-100 text-slate-700' },
  resubmitted: { label: 'Resubmitted', icon: RotateCcw, tone: 'bg-brand-50 text-brand-700' },
  approved: { label: 'Approved', icon: CircleCheck, tone: 'bg-emerald-50 text-emerald-700' },
  rejected: { label: 'Not approved', icon: CircleX, tone: 'bg-red-50 text-red-700' },
  verified: { label: 'Verified', icon: BadgeCheck, tone: 'bg-sky-50 text-sky-700' },
  unverified: { label: 'Verification removed', icon: BadgeX, tone: 'bg-slate-100 text-slate-700' },
  revision_submitted: { label: 'Edit submitted', icon: FilePen, tone: 'bg-amber-50 text-amber-800' },
  revision_approved: { label: 'Edit approved', icon: FileCheck, tone: 'bg-emerald-50 text-emerald-700' },
  revision_rejected: { label: 'Edit not approved', icon: FileX, tone: 'bg-red-50 text-red-700' },
  review: { label: 'Review received', icon: MessageSquare, tone: 'bg-amber-50 text-amber-800' },
  reply: { label: 'Reply', icon: MessageSquareReply, tone: 'bg-brand-50 text-brand-700' },
  report_resolved: { label: 'Report resolved', icon: ShieldCheck, tone: 'bg-slate-100 text-slate-700' },
  claim_verified: { label: 'Claim verified', icon: KeyRound, tone: 'bg-sky-50 text-sky-700' },
  claim_lapsed: { label: 'Claim lapsed', icon: KeyRound, tone: 'bg-red-50 text-red-700' },
  claim_unchecked: { label: 'Claim not checked', icon: KeyRound, tone: 'bg-slate-100 text-slate-700' },
  verification_lapsed: { label: 'Verification lapsed', icon: BadgeX, tone: 'bg-red-50 text-red-700' },
  incident: { label: 'Endpoint failing', icon: Activity, tone: 'bg-red-50 text-red-700' },
  recovered: { label: 'Endpoint recovered', icon: Activity, tone: 'bg-emerald-50 text-emerald-700' },
  tool_danger: { label: 'Dangerous tool found', icon: ShieldAlert, tone: 'bg-red-50 text-red-700' },
  appealed: { label: 'Appeal sent', icon: Scale, tone: 'bg-amber-50 text-amber-800' },
  appeal_upheld: { label: 'Appeal upheld', icon: Scale, tone: 'bg-emerald-50 text-emerald-700' },
  appeal_denied: { label: 'Appeal denied', icon: Scale, tone: 'bg-slate-100 text-slate-700' },
};

/** The kind's icon on its coloured disc, beside the event's words (which say the kind to screen readers). */
export function EventKindIcon({ kind }: { kind: HistoryKind }) {
  const { icon: Icon, tone } = eventKindLooks[kind];
  return (
    <span
      aria-hidden="true"
      className={cn('flex h-9 w-9 shrink-0 items-center justify-center rounded-full', tone)}
    >
      <Icon className="h-4 w-4" />
    </span>
  );
}
