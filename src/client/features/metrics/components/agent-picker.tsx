import { useId } from 'react';

interface AgentPickerProps {
  agents: ReadonlyArray<{ id: number; name: string }>;
  value: number;
  onChange: (agentId: number) => void;
}

/** Which of the person's agents the page shows: a native select, which works the same on every screen. */
export function AgentPicker({ agents, value, onChange }: AgentPickerProps) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        Agent
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
        className="h-10 w-full max-w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 sm:w-72"
      >
        {agents.map((agent) => (
          <option key={agent.id} value={agent.id}>
            {agent.name}
          </option>
        ))}
      </select>
    </div>
  );
}
