import { AlertTriangle, Info, ShieldAlert } from 'lucide-react';
import type { ToolFindingSeverity } from '../../../../shared/api/tool-record.js';
import { Badge } from '../../../components/ui/badge.js';

const tones = { info: 'neutral', warning: 'warning', danger: 'danger' } as const;
const labels: Record<ToolFindingSeverity, string> = { info: 'Info', warning: 'Warning', danger: 'Danger' };
const icons = { info: Info, warning: AlertTriangle, danger: ShieldAlert } as const;

/** A risk finding's severity, in words and colour (the word carries it; colour is never alone). */
export function FindingSeverity({ severity }: { severity: ToolFindingSeverity }) {
  const Icon = icons[severity];
  return (
    <Badge tone={tones[severity]} className="shrink-0">
      <Icon className="h-3.5 w-3.5" aria-hidden="true" />
      {labels[severity]}
    </Badge>
  );
}
