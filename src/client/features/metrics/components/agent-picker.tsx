import { SelectField } from '../../../components/ui/form-field.js';

interface AgentPickerProps {
  agents: ReadonlyArray<{ id: number; name: string }>;
  value: number;
  onChange: (agentId: number) => void;
}

/** Which of the person's agents the page shows. */
export function AgentPicker({ agents, value, onChange }: AgentPickerProps) {
  return (
    <SelectField
      label="Agent"
      value={value}
      onChange={(event) => onChange(Number(event.target.value))}
      className="sm:w-72"
    >
      {agents.map((agent) => (
        <option key={agent.id} value={agent.id}>
          {agent.name}
        </option>
      ))}
    </SelectField>
  );
}
