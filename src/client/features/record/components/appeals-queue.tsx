import { Scale } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Appeal } from '../../../../shared/api/record.js';
import { formatDate } from '../../../../shared/rules/date.js';
import { Badge } from '../../../components/ui/badge.js';
import { PendingButton } from '../../../components/ui/button.js';
import { Card } from '../../../components/ui/card.js';
import { ListStates } from '../../../components/ui/list-states.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import { TextAreaField } from '../../../components/ui/textarea.js';
import { useDecideAppeal, type usePendingAppeals } from '../api/record.js';
import { APPEAL_MESSAGE_MAX } from '../../../../shared/trust.js';
import { paths } from '../../../paths.js';

function AppealCard({ appeal }: { appeal: Appeal }) {
  const [note, setNote] = useState('');
  const decide = useDecideAppeal();
  const pending = decide.isPending ? decide.variables.outcome : null;
  const link =
    appeal.appealed === 'rejection'
      ? paths.agentStatus.href(appeal.agentId)
      : paths.agent.href(appeal.agentSlug, { section: 'record' });

  return (
    <Card className="p-4 sm:p-5">
      <article aria-label={`Appeal for ${appeal.agentName}`}>
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone="brand">{appeal.appealed === 'rejection' ? 'Rejection' : 'Claim lapse'}</Badge>
          <Link to={link} className="font-semibold text-slate-900 hover:underline">
            {appeal.agentName}
          </Link>
          <span className="text-sm text-slate-600">{formatDate(appeal.createdAt)}</span>
        </div>
        {appeal.decision && (
          <p className="mt-2 text-sm text-slate-600">
            <span className="font-medium text-slate-700">Decision appealed:</span> {appeal.decision}
          </p>
        )}
        <blockquote className="mt-2 border-l-2 border-slate-200 pl-3 text-sm break-words text-slate-800">
          {appeal.message}
        </blockquote>
        <div className="mt-3">
          <TextAreaField
            label="Note for the owner (optional)"
            value={note}
            onValueChange={setNote}
            maxLength={APPEAL_MESSAGE_MAX}
            rows={2}
          />
        </div>
        <div className="mt-3 flex flex-wrap gap-2">
          <PendingButton
            size="sm"
            pending={pending === 'upheld'}
            disabled={decide.isPending}
            onClick={() =>
              decide.mutate({ appealId: appeal.id, outcome: 'upheld', note: note.trim() || undefined })
            }
          >
            Uphold
          </PendingButton>
          <PendingButton
            size="sm"
            variant="outline"
            pending={pending === 'denied'}
            disabled={decide.isPending}
            onClick={() =>
              decide.mutate({ appealId: appeal.id, outcome: 'denied', note: note.trim() || undefined })
            }
          >
            Deny
          </PendingButton>
        </div>
      </article>
    </Card>
  );
}

/** The admin's queue of appeals: the owner's message next to the decision it contests. */
export function AppealsQueue({ query }: { query: ReturnType<typeof usePendingAppeals> }) {
  return (
    <ListStates
      query={query}
      loading={
        <div className="space-y-3">
          <Skeleton className="h-32 w-full" />
        </div>
      }
      failure={{ icon: <Scale className="h-6 w-6" />, title: 'Failed to load appeals' }}
      isEmpty={(data) => data.appeals.length === 0}
      empty={{
        icon: <Scale className="h-6 w-6" />,
        title: 'No appeals waiting',
        description: "Owners' appeals of rejections and lapsed claims appear here.",
      }}
    >
      {(data) => (
        <div className="space-y-3">
          {data.appeals.map((appeal) => (
            <AppealCard key={appeal.id} appeal={appeal} />
          ))}
        </div>
      )}
    </ListStates>
  );
}
