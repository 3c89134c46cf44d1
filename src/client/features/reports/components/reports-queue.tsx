import { Flag } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { AdminReport } from '../../../../shared/api/reports.js';
import { reportReasonLabels } from '../../../../shared/api/reports.js';
import { formatDate } from '../../../../shared/rules/date.js';
import { Badge } from '../../../components/ui/badge.js';
import { Button } from '../../../components/ui/button.js';
import { Card } from '../../../components/ui/card.js';
import { ListStates } from '../../../components/ui/list-states.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import { ButtonSpinner } from '../../../components/ui/spinner.js';
import { StarRating } from '../../../components/ui/star-rating.js';
import { TextAreaField } from '../../../components/ui/textarea.js';
import { paths } from '../../../paths.js';
import { useDecideReport, type ReportDecision } from '../api/decide-report.js';
import type { useOpenReports } from '../api/get-open-reports.js';

const NOTE_MAX = 500;

function ReportCard({ report }: { report: AdminReport }) {
  const [note, setNote] = useState('');
  const decide = useDecideReport();
  const pending = decide.isPending ? decide.variables.decision : null;
  const tooLong = note.trim().length > NOTE_MAX;

  function onDecide(decision: ReportDecision) {
    if (tooLong) return;
    decide.mutate({ id: report.id, decision, note: note.trim() || null });
  }

  return (
    <Card className="p-4 sm:p-5">
      <article aria-label={`Report of ${report.agent.name}`}>
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone="warning">{reportReasonLabels[report.reason]}</Badge>
          <Badge>{report.review ? 'Review' : 'Agent'}</Badge>
          <span className="text-sm text-slate-600">
            by {report.reporter.displayName} · {formatDate(report.createdAt)}
          </span>
        </div>
        <p className="mt-3 text-sm text-slate-700">
          {report.review ? 'A review of ' : 'The listing '}
          <Link
            to={paths.agent.href(report.agent.slug)}
            className="font-medium text-brand-700 underline-offset-2 hover:underline"
          >
            {report.agent.name}
          </Link>
        </p>
        {report.review && (
          <blockquote className="mt-2 rounded-lg border-l-4 border-slate-300 bg-slate-50 p-3 text-sm text-slate-800">
            <StarRating value={report.review.rating} size={14} />
            <p className="mt-1 whitespace-pre-wrap">{report.review.body}</p>
          </blockquote>
        )}
        {report.details && (
          <div className="mt-3 text-sm">
            <p className="font-medium text-slate-700">Reporter's details</p>
            <p className="mt-0.5 whitespace-pre-wrap text-slate-800">{report.details}</p>
          </div>
        )}
        <TextAreaField
          className="mt-4"
          label="Note (optional)"
          value={note}
          onValueChange={setNote}
          rows={2}
          maxLength={NOTE_MAX}
          error={tooLong ? `The note can have at most ${NOTE_MAX} characters` : undefined}
        />
        <div className="mt-3 flex flex-wrap gap-2">
          <Button size="sm" disabled={decide.isPending} onClick={() => onDecide('resolve')}>
            {pending === 'resolve' && <ButtonSpinner />}
            Resolve
          </Button>
          <Button size="sm" variant="outline" disabled={decide.isPending} onClick={() => onDecide('dismiss')}>
            {pending === 'dismiss' && <ButtonSpinner />}
            Dismiss
          </Button>
          {!report.review && (
            <Link
              className="inline-flex h-8 items-center px-2 text-sm font-medium text-brand-700 underline"
              to={paths.adminAdvisories.href({
                affects: report.agent.slug,
                summary: `${report.agent.name}: ${reportReasonLabels[report.reason]}`,
                details: report.details ?? undefined,
              })}
            >
              Publish an advisory
            </Link>
          )}
        </div>
      </article>
    </Card>
  );
}

/** Open reports of agents and reviews, resolved (acted on) or dismissed (unfounded). */
export function ReportsQueue({ query }: { query: ReturnType<typeof useOpenReports> }) {
  return (
    <ListStates
      query={query}
      loading={
        <div role="status" aria-label="Loading reports" className="space-y-4">
          <Skeleton className="h-40 rounded-2xl" />
          <Skeleton className="h-40 rounded-2xl" />
        </div>
      }
      failure={{ icon: <Flag className="h-6 w-6" />, title: 'Failed to load reports' }}
      isEmpty={(data) => data.reports.length === 0}
      empty={{
        icon: <Flag className="h-6 w-6" />,
        title: 'No open reports',
        description: 'Reports of agents and reviews appear here.',
      }}
    >
      {(data) => (
        <ul className="space-y-4">
          {data.reports.map((report) => (
            <li key={report.id}>
              <ReportCard report={report} />
            </li>
          ))}
        </ul>
      )}
    </ListStates>
  );
}
