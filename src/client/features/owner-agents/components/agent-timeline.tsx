import type { AgentEvent, AgentEventKind } from '../../../../shared/api/submissions.js';
import { formatDateTime } from '../../../../shared/rules/date.js';
import { EventKindIcon, eventKindLooks } from '../../../components/event-kind-icon.js';

/** The timeline tells a few kinds more fully than the history's short names. */
const longerTitles: Partial<Record<AgentEventKind, string>> = {
  submitted: 'Submitted for review',
  resubmitted: 'Resubmitted for review',
  approved: 'Approved and published',
  revision_submitted: 'Edit submitted for review',
  claim_verified: 'Ownership claim verified',
  claim_lapsed: 'Ownership claim lapsed',
};

/** The kinds whose message is the reason for a refusal, shown as a quote. */
const reasonKinds: ReadonlySet<AgentEventKind> = new Set(['rejected', 'revision_rejected', 'appeal_denied']);

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
        const last = index === ordered.length - 1;
        return (
          <li key={event.id} className="relative flex gap-3">
            {!last && (
              <span
                aria-hidden="true"
                className="absolute top-9 bottom-[-1.25rem] left-[1.0625rem] w-px bg-slate-200"
              />
            )}
            <EventKindIcon kind={event.kind} />
            <div className="min-w-0 flex-1 pt-1.5">
              <p className="text-sm font-semibold text-slate-900">
                {longerTitles[event.kind] ?? eventKindLooks[event.kind].label}
              </p>
              <p className="text-xs text-slate-600">
                <time dateTime={event.createdAt}>{formatDateTime(event.createdAt)}</time>
                <span aria-hidden="true"> · </span>
                {actors[event.actor]}
              </p>
              {event.message &&
                (reasonKinds.has(event.kind) ? (
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
