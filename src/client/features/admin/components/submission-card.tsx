import { BadgeCheck, Check, Star, X } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { AdminSubmission } from '../../../../shared/api/admin.js';
import { formatDate } from '../../../../shared/rules/date.js';
import { Badge } from '../../../components/ui/badge.js';
import { Button } from '../../../components/ui/button.js';
import { Card } from '../../../components/ui/card.js';
import { ButtonSpinner } from '../../../components/ui/spinner.js';
import { GithubIcon } from '../../../components/ui/github-icon.js';
import { useApproveSubmission } from '../api/decide-submission.js';
import { RejectDialog } from './reject-dialog.js';
import { SubmissionDiff } from './submission-diff.js';

/**
 * One entry of the queue: who asks for what, the fields to judge, and the decisions. `verification`
 * is the claims feature's panel, handed in by the page.
 */
export function SubmissionCard({
  submission,
  verification,
}: {
  submission: AdminSubmission;
  verification: ReactNode;
}) {
  const [rejecting, setRejecting] = useState(false);
  const approve = useApproveSubmission();
  const isEdit = submission.kind === 'revision';
  const headingId = `submission-${submission.agentId}-${submission.revisionId ?? 'new'}`;

  return (
    <Card className="p-4 sm:p-5">
      <article aria-labelledby={headingId}>
        <header className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-2">
              <h3 id={headingId} className="text-lg font-semibold break-words text-slate-900">
                {submission.agent.name}
              </h3>
              <Badge tone={isEdit ? 'warning' : 'brand'}>{isEdit ? 'Edit' : 'New'}</Badge>
              {submission.agent.verified && (
                <Badge tone="success">
                  <BadgeCheck className="h-3.5 w-3.5" aria-hidden="true" />
                  Verified
                </Badge>
              )}
            </div>
            <p className="mt-1 text-sm text-slate-600">
              <span className="font-medium text-slate-800">{submission.owner.displayName}</span>
              {' · '}
              <span className="break-all">{submission.owner.email}</span>
              {submission.owner.githubLogin && (
                <>
                  {' · '}
                  <span className="inline-flex items-center gap-1">
                    <GithubIcon className="h-3.5 w-3.5" />
                    {submission.owner.githubLogin}
                  </span>
                </>
              )}
            </p>
            <p className="mt-0.5 text-sm text-slate-600">
              Submitted {formatDate(submission.submittedAt)}
              {submission.githubStars !== null && (
                <span className="ml-2 inline-flex items-center gap-1">
                  <Star className="h-3.5 w-3.5" aria-hidden="true" />
                  {submission.githubStars.toLocaleString('en-US')} stars
                </span>
              )}
            </p>
          </div>
        </header>

        {isEdit && (
          <p className="mt-3 text-sm text-slate-700">
            {submission.changedFields.length === 0
              ? 'No field differs from the live listing.'
              : `${submission.changedFields.length} ${submission.changedFields.length === 1 ? 'field' : 'fields'} changed. The live listing stays as it is until you approve.`}
          </p>
        )}
        <div className="mt-4">
          <SubmissionDiff
            current={submission.current}
            proposed={submission.proposed}
            changedFields={submission.changedFields}
          />
        </div>

        <div className="mt-4 flex flex-wrap items-start gap-2">
          <Button
            disabled={approve.isPending}
            onClick={() => approve.mutate(submission)}
            aria-label={`Approve ${submission.agent.name}`}
          >
            {approve.isPending ? <ButtonSpinner /> : <Check className="h-4 w-4" aria-hidden="true" />}
            {approve.isPending ? 'Approving...' : 'Approve'}
          </Button>
          <Button
            variant="outline"
            onClick={() => setRejecting(true)}
            aria-label={`Reject ${submission.agent.name}`}
          >
            <X className="h-4 w-4" aria-hidden="true" />
            Reject
          </Button>
          {verification}
        </div>
        <RejectDialog submission={submission} open={rejecting} onOpenChange={setRejecting} />
      </article>
    </Card>
  );
}
