import { historyKinds, type HistoryKind } from '../../../../shared/api/history.js';
import { eventKindLooks } from '../../../components/event-kind-icon.js';
import { SelectField } from '../../../components/ui/form-field.js';

interface HistoryFiltersProps {
  agents: ReadonlyArray<{ id: number; name: string }>;
  agentId: number | undefined;
  kind: HistoryKind | undefined;
  onChange: (filters: { agentId: number | undefined; kind: HistoryKind | undefined }) => void;
}

/** Narrow the history to one agent and one kind of event; "All" clears either. */
export function HistoryFilters({ agents, agentId, kind, onChange }: HistoryFiltersProps) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <SelectField
        label="Agent"
        className="sm:w-60"
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
      </SelectField>
      <SelectField
        label="What happened"
        className="sm:w-60"
        value={kind ?? ''}
        onChange={(event) =>
          onChange({ agentId, kind: historyKinds.find((entry) => entry === event.target.value) })
        }
      >
        <option value="">Everything</option>
        {historyKinds.map((entry) => (
          <option key={entry} value={entry}>
            {eventKindLooks[entry].label}
          </option>
        ))}
      </SelectField>
    </div>
  );
}
