import type { ReactNode } from 'react';
import type { AgentSummary } from '../../../../shared/api/agents.js';
import { AgentCard } from './agent-card.js';

export function SimilarAgents({
  agents,
  renderFavorite,
}: {
  agents: AgentSummary[];
  renderFavorite?: (agent: AgentSummary) => ReactNode;
}) {
  if (agents.length === 0) return null;
  return (
    <section aria-labelledby="similar-title" className="mt-10">
      <h2 id="similar-title" className="text-lg font-semibold text-slate-900">
        Similar agents
      </h2>
      <ul className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {agents.map((agent) => (
          <li key={agent.id}>
            <AgentCard agent={agent} favorite={renderFavorite?.(agent)} />
          </li>
        ))}
      </ul>
    </section>
  );
}
