import { useId } from 'react';
import { historyKinds, type HistoryKind } from '../../../../shared/api/history.js';
import { historyKindLooks } from './history-kinds.js';

interface HistoryFiltersProps {
  agents: ReadonlyArray<{ id: number; name: string }>;
  agentId: number | undefined;
  kind: HistoryKind | undefined;
  onChange: (filters: { agentId: number | undefined; kind: HistoryKind | undefined }) => void;
}

const select =
  'h-10 w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 sm:w-60';

/** Narrow the history to one agent and one kind of event; "All" clears either. */
export function HistoryFilters({ agents, agentId, kind, onChange }: HistoryFiltersProps) {
  const agentField = useId();
  const kindField = useId();
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <div className="flex min-w-0 flex-col gap-1">
        <label htmlFor={agentField} className="text-sm font-medium text-slate-700">
          Agent
        </label>
        <select
          id={agentField}
          className={select}
          value={agentId ?? ''}
          onChange={(event) =>
            onChange({ agentId: event.target.value ? Number(event.target.value) : undefined, kind })
          }
        >
          <option value="">All agents</option>
          {agents.map((agent) => (
            <option key={agent.id} value={agent.id}>
              {agent.name}
            </option>
          ))}
        </select>
      </div>
      <div className="flex min-w-0 flex-col gap-1">
        <label htmlFor={kindField} className="text-sm font-medium text-slate-700">
          What happened
        </label>
        <select
          id={kindField}
          className={select}
          value={kind ?? ''}
          onChange={(event) =>
            onChange({
              agentId,
              kind: historyKinds.find((entry) => entry === event.target.value),
            })
          }
        >
          <option value="">Everything</option>
          {historyKinds.map((entry) => (
            <option key={entry} value={entry}>
              {historyKindLooks[entry].label}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
