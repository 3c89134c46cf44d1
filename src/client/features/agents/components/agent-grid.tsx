import type { ReactNode } from 'react';
import type { AgentSummary } from '../../../../shared/api/agents.js';
import { AgentCard } from './agent-card.js';

interface AgentGridProps {
  agents: AgentSummary[];
  headingLevel?: 2 | 3;
  /** The favorite control of each card, composed by the route. */
  renderFavorite?: (agent: AgentSummary) => ReactNode;
}

export function AgentGrid({ agents, headingLevel, renderFavorite }: AgentGridProps) {
  return (
    <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {agents.map((agent) => (
        <li key={agent.id}>
          <AgentCard
            agent={agent}
            {...(headingLevel ? { headingLevel } : {})}
            favorite={renderFavorite?.(agent)}
          />
        </li>
      ))}
    </ul>
  );
}
