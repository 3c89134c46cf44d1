import { ScrollText } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import type { RecordEntry } from '../../../../shared/api/record.js';
import { formatDate } from '../../../../shared/rules/date.js';
import { Badge } from '../../../components/ui/badge.js';
import { Button, PendingButton } from '../../../components/ui/button.js';
import { Card } from '../../../components/ui/card.js';
import { RetryNotice } from '../../../components/ui/load-failure.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import { Textarea } from '../../../components/ui/textarea.js';
import { isApiError } from '../../../lib/request.js';
import { useDeferredResult } from '../../../lib/use-deferred-result.js';
import { useAgentRecord, useCreateAppeal } from '../api/record.js';
import { APPEAL_MESSAGE_MAX, recordKindLabels, type RecordKind } from '../../../../shared/trust.js';

const kindTones: Partial<Record<RecordKind, 'success' | 'danger' | 'warning' | 'brand'>> = {
  published: 'success',
  verified: 'success',
  claim_verified: 'success',
  recovered: 'success',
  appeal_upheld: 'success',
  rejected: 'danger',
  edit_rejected: 'danger',
  verification_lapsed: 'danger',
  claim_lapsed: 'danger',
  claim_unchecked: 'warning',
  incident: 'danger',
  tool_danger: 'danger',
  report_upheld: 'warning',
  appealed: 'brand',
};

const INITIAL_ENTRIES = 8;

function AppealForm({ agentId, entry }: { agentId: number; entry: RecordEntry }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState('');
  const appeal = useCreateAppeal(agentId);
  const error = appeal.error;
  const fieldError = isApiError(error) ? error.details?.message?.[0] : undefined;

  if (!open)
    return (
      <Button size="sm" variant="outline" className="mt-2" onClick={() => setOpen(true)}>
        Appeal this decision
      </Button>
    );

  function submit(event: FormEvent) {
    event.preventDefault();
    appeal.mutate({ eventId: entry.appealEventId!, message });
  }

  return (
    <form onSubmit={submit} className="mt-2 space-y-2" aria-label="Appeal">
      <label htmlFor={`${id}-message`} className="text-sm font-medium text-slate-700">
        Why should an administrator reconsider? You can appeal once.
      </label>
      <Textarea
        id={`${id}-message`}
        value={message}
        maxLength={APPEAL_MESSAGE_MAX}
        rows={3}
        onChange={(event) => setMessage(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        required
      />
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {fieldError ?? error.message}
        </p>
      )}
      <div className="flex gap-2">
        <PendingButton type="submit" size="sm" pending={appeal.isPending}>
          Send appeal
        </PendingButton>
        <Button type="button" size="sm" variant="ghost" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/**
 * The listing's public record: decisions, verification, claims, incidents and
 * reports upheld, newest first. Its owner can appeal a standing rejection or a claim's lapse here.
 */
export function RecordSection({ agentId }: { agentId: number }) {
  const record = useDeferredResult(useAgentRecord(agentId));
  const [showAll, setShowAll] = useState(false);
  const entries = record.data?.entries ?? [];
  const shown = showAll ? entries : entries.slice(0, INITIAL_ENTRIES);

  return (
    <Card className="scroll-mt-20 p-6" id="record">
      <section aria-labelledby="record-title">
        <h2 id="record-title" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <ScrollText className="h-5 w-5 text-brand-600" aria-hidden="true" />
          Public record
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          What happened to this listing and who decided: never who reported it.
        </p>
        {record.isPending ? (
          <div className="mt-4 space-y-2">
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="h-4 w-1/2" />
          </div>
        ) : record.isError ? (
          <div className="mt-4 flex flex-wrap items-center gap-3">
            <RetryNotice message="The record could not be loaded." onRetry={() => void record.refetch()} />
          </div>
        ) : entries.length === 0 ? (
          <p className="mt-4 text-sm text-slate-600">Nothing on the record yet.</p>
        ) : (
          <>
            <ol className="mt-4 space-y-3">
              {shown.map((entry) => (
                <li key={entry.id} className="border-l-2 border-slate-200 pl-3">
                  <div className="flex flex-wrap items-center gap-2">
                    <Badge tone={kindTones[entry.kind] ?? 'neutral'}>{recordKindLabels[entry.kind]}</Badge>
                    <time dateTime={entry.at} className="text-xs text-slate-500">
                      {formatDate(entry.at)}
                    </time>
                  </div>
                  <p className="mt-1 break-words text-sm text-slate-700">{entry.summary}</p>
                  {entry.appealEventId !== undefined && <AppealForm agentId={agentId} entry={entry} />}
                </li>
              ))}
            </ol>
            {entries.length > INITIAL_ENTRIES && (
              <Button
                variant="ghost"
                size="sm"
                className="mt-3"
                onClick={() => setShowAll((value) => !value)}
              >
                {showAll ? 'Show fewer' : `Show all ${entries.length} entries`}
              </Button>
            )}
          </>
        )}
      </section>
    </Card>
  );
}
