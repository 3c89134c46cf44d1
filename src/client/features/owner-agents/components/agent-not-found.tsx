import { RotateCw, SearchX } from 'lucide-react';
import { Button, ButtonLink } from '../../../components/ui/button.js';
import { EmptyState } from '../../../components/ui/empty-state.js';
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
    <div className="mx-auto max-w-xl px-4 py-16">
      <EmptyState
        tone={notFound ? 'neutral' : 'error'}
        icon={<SearchX className="h-6 w-6" />}
        title={notFound ? 'Agent not found' : "We couldn't load this agent"}
        description={
          notFound
            ? 'There is no agent of yours with this address. It may have been removed, or it belongs to another account.'
            : error.message
        }
        action={
          <>
            <ButtonLink to={paths.myAgents.href()}>Go to My Agents</ButtonLink>
            {!notFound && (
              <Button variant="outline" onClick={onRetry}>
                <RotateCw className="h-4 w-4" aria-hidden="true" />
                Try again
              </Button>
            )}
          </>
        }
      />
    </div>
  );
}
