import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import type { HistoryEvent } from '../../../../shared/api/history.js';
import { formatDate, formatDateTime } from '../../../../shared/rules/date.js';
import { EventKindIcon, eventKindLooks } from '../../../components/event-kind-icon.js';

const actors: Record<string, string> = { owner: 'By you', admin: 'By an admin', system: 'Automatically' };

/** The events, newest first, each linking to what it is about. */
export function HistoryList({
  events,
  fallbackHref,
}: {
  events: HistoryEvent[];
  fallbackHref: (event: HistoryEvent) => string;
}) {
  return (
    <ol className="space-y-3" aria-label="History, newest first">
      {events.map((event) => {
        const label = eventKindLooks[event.kind].label;
        const when = new Date(event.createdAt);
        return (
          <li key={event.id} className="flex gap-3 rounded-xl border border-slate-200 bg-white p-4">
            <EventKindIcon kind={event.kind} />
            <div className="min-w-0 flex-1">
              <p className="text-sm text-slate-900">
                <span className="font-semibold">{label}</span>
                <span className="text-slate-600"> · {event.agentName}</span>
              </p>
              {event.message && <p className="mt-1 text-sm break-words text-slate-700">{event.message}</p>}
              <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-600">
                <time dateTime={event.createdAt} title={formatDateTime(when)}>
                  {formatDate(when)}
                </time>
                <span>{actors[event.actor] ?? `By ${event.actor}`}</span>
                <Link
                  to={event.link ?? fallbackHref(event)}
                  className="inline-flex items-center gap-0.5 font-medium text-brand-700 hover:underline"
                >
                  View details
                  <span className="sr-only">
                    : {label}, {event.agentName}
                  </span>
                  <ArrowRight className="h-3.5 w-3.5" aria-hidden="true" />
                </Link>
              </p>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
