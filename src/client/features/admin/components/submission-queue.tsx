import { Inbox } from 'lucide-react';
import { Button } from '../../../components/ui/button.js';
import { EmptyState } from '../../../components/ui/empty-state.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import type { useAdminSubmissions } from '../api/get-admin-submissions.js';
import { SubmissionCard } from './submission-card.js';

/** The pending submissions and edits; the query lives in the page so the tab can show the count. */
export function SubmissionQueue({ query }: { query: ReturnType<typeof useAdminSubmissions> }) {
  if (query.isPending) {
    return (
      <div role="status" aria-label="Loading submissions" className="space-y-4">
        <Skeleton className="h-64 rounded-2xl" />
        <Skeleton className="h-64 rounded-2xl" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <EmptyState
        tone="error"
        icon={<Inbox className="h-6 w-6" />}
        title="Failed to load submissions"
        description={query.error.message}
        action={<Button onClick={() => void query.refetch()}>Try again</Button>}
      />
    );
  }
  if (query.data.submissions.length === 0) {
    return (
      <EmptyState
        icon={<Inbox className="h-6 w-6" />}
        title="No submissions waiting"
        description="New agents and edits of live listings appear here for review."
      />
    );
  }
  return (
    <ul className="space-y-4">
      {query.data.submissions.map((submission) => (
        <li key={`${submission.agentId}-${submission.revisionId ?? 'new'}`}>
          <SubmissionCard submission={submission} />
        </li>
      ))}
    </ul>
  );
}
