import type { AgentSummary } from '../../../../shared/api/agents.js';
import { AgentCard } from './agent-card.js';

export function AgentGrid({ agents, headingLevel }: { agents: AgentSummary[]; headingLevel?: 2 | 3 }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {agents.map((agent) => (
        <li key={agent.id}>
          <AgentCard agent={agent} {...(headingLevel ? { headingLevel } : {})} />
        </li>
      ))}
    </ul>
  );
}
