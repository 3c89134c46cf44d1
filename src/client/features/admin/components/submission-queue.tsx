import { Inbox } from 'lucide-react';
import type { ReactNode } from 'react';
import type { AdminSubmission } from '../../../../shared/api/admin.js';
import { ListStates } from '../../../components/ui/list-states.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import type { useAdminSubmissions } from '../api/get-admin-submissions.js';
import { SubmissionCard } from './submission-card.js';

/** The pending submissions and edits; the query lives in the page so the tab can show the count. */
export function SubmissionQueue({
  query,
  renderVerification,
}: {
  query: ReturnType<typeof useAdminSubmissions>;
  /** The verification panel of one submission's agent (it belongs to the claims feature). */
  renderVerification: (submission: AdminSubmission) => ReactNode;
}) {
  return (
    <ListStates
      query={query}
      loading={
        <div role="status" aria-label="Loading submissions" className="space-y-4">
          <Skeleton className="h-64 rounded-2xl" />
          <Skeleton className="h-64 rounded-2xl" />
        </div>
      }
      failure={{ icon: <Inbox className="h-6 w-6" />, title: 'Failed to load submissions' }}
      isEmpty={(data) => data.submissions.length === 0}
      empty={{
        icon: <Inbox className="h-6 w-6" />,
        title: 'No submissions waiting',
        description: 'New agents and edits of live listings appear here for review.',
      }}
    >
      {(data) => (
        <ul className="space-y-4">
          {data.submissions.map((submission) => (
            <li key={`${submission.agentId}-${submission.revisionId ?? 'new'}`}>
              <SubmissionCard submission={submission} verification={renderVerification(submission)} />
            </li>
          ))}
        </ul>
      )}
    </ListStates>
  );
}
