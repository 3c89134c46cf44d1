import type { ReactNode } from 'react';
import { paths } from '../paths.js';
import { ButtonLink } from './ui/button.js';
import { LoadFailure } from './ui/load-failure.js';

interface FailedQuery {
  isError: boolean;
  error: Error | null;
  refetch: () => Promise<unknown>;
}

/** An owner's page (dashboard, history) whose data failed to load: retry what failed, or go to My Agents. */
export function OwnerPageFailure({
  icon,
  title,
  queries,
}: {
  icon: ReactNode;
  title: string;
  queries: FailedQuery[];
}) {
  const error = queries.find((query) => query.isError)?.error;
  return (
    <LoadFailure
      notFound={false}
      icon={icon}
      title={{ notFound: 'Nothing to show', failed: title }}
      notFoundDescription=""
      error={error ?? new Error('Something went wrong.')}
      actions={
        <ButtonLink to={paths.myAgents.href()} variant="outline">
          My Agents
        </ButtonLink>
      }
      onRetry={() => {
        for (const query of queries) if (query.isError) void query.refetch();
      }}
    />
  );
}
