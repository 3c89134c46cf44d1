import { SearchX } from 'lucide-react';
import { ButtonLink } from '../../../components/ui/button.js';
import { LoadFailure } from '../../../components/ui/load-failure.js';
import { isApiError } from '../../../lib/request.js';
import { paths } from '../../../paths.js';

/**
 * What /agent-status/{id} and /edit-agent/{id} show when the agent cannot be loaded. The server answers
 * 404 alike for an unknown id and for someone else's agent, so the page cannot (and should not) tell
 * them apart.
 */
export function AgentLoadError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const notFound = isApiError(error) && (error.type === 'not_found' || error.status === 400);
  return (
    <LoadFailure
      notFound={notFound}
      icon={<SearchX className="h-6 w-6" />}
      title={{ notFound: 'Agent not found', failed: "We couldn't load this agent" }}
      notFoundDescription="There is no agent of yours with this address. It may have been removed, or it belongs to another account."
      error={error}
      actions={<ButtonLink to={paths.myAgents.href()}>Go to My Agents</ButtonLink>}
      onRetry={onRetry}
    />
  );
}
