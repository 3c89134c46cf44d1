import { Bot, FileText, Plus } from 'lucide-react';
import { ButtonLink } from '../components/ui/button.js';
import { ListStates } from '../components/ui/list-states.js';
import { useOwnerAgents } from '../features/owner-agents/api/get-owner-agents.js';
import {
  OwnerAgentCard,
  OwnerAgentListSkeleton,
} from '../features/owner-agents/components/owner-agent-card.js';
import { useDocumentTitle } from '../lib/use-document-title.js';
import { paths } from '../paths.js';

/** /my-agents: every agent the signed-in person owns, in every status, with where to go next. */
export function MyAgentsPage() {
  useDocumentTitle('My Agents');
  const agents = useOwnerAgents();

  return (
    <div className="mx-auto max-w-5xl px-4 py-6 sm:px-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">My Agents</h1>
          <p className="mt-2 text-slate-600">
            The agents you listed: their review status, ratings and how people find them.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <ButtonLink to={paths.myDrafts.href()} variant="outline">
            <FileText className="h-4 w-4" aria-hidden="true" />
            My drafts
          </ButtonLink>
          <ButtonLink to={paths.submitAgent.href()}>
            <Plus className="h-4 w-4" aria-hidden="true" />
            Submit an agent
          </ButtonLink>
        </div>
      </div>

      <div className="mt-8">
        <ListStates
          query={agents}
          loading={<OwnerAgentListSkeleton />}
          failure={{ icon: <Bot className="h-6 w-6" />, title: 'Failed to fetch user agents' }}
          isEmpty={(data) => data.agents.length === 0}
          empty={{
            icon: <Bot className="h-6 w-6" />,
            title: 'You have not listed an agent yet',
            description:
              'Submit your agent from its GitHub repository or by hand. An admin reviews it, then it is listed for everyone to find, rate and favorite.',
            action: <ButtonLink to={paths.submitAgent.href()}>Submit an agent</ButtonLink>,
          }}
        >
          {({ agents: list }) => (
            <>
              <p className="mb-3 text-sm text-slate-600">
                {list.length} {list.length === 1 ? 'agent' : 'agents'}
              </p>
              <ul className="space-y-4">
                {list.map((agent) => (
                  <li key={agent.id}>
                    <OwnerAgentCard agent={agent} />
                  </li>
                ))}
              </ul>
            </>
          )}
        </ListStates>
      </div>
    </div>
  );
}
