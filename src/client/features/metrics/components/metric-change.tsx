import { ArrowDownRight, ArrowRight, ArrowUpRight } from 'lucide-react';
import { cn } from '../../../lib/cn.js';
import { describeChange, formatFigure } from '../lib/change.js';

interface MetricChangeProps {
  current: number;
  previous: number;
  mode?: 'percent' | 'difference';
  /** What the previous figure is, for screen readers and the tooltip. */
  previousLabel?: string;
}

/** "+12%" in green, "−8%" in red, with the previous figure for screen readers and on hover. */
export function MetricChange({
  current,
  previous,
  mode = 'percent',
  previousLabel = 'in the previous period',
}: MetricChangeProps) {
  const { text, direction } = describeChange(current, previous, mode);
  const Icon = direction === 'up' ? ArrowUpRight : direction === 'down' ? ArrowDownRight : ArrowRight;
  return (
    <span
      className={cn(
        'inline-flex items-center gap-0.5 text-xs font-medium',
        direction === 'up' ? 'text-emerald-700' : direction === 'down' ? 'text-red-700' : 'text-slate-600',
      )}
      title={`${formatFigure(previous)} ${previousLabel}`}
    >
      <Icon className="h-3.5 w-3.5" aria-hidden="true" />
      {text}
      <span className="sr-only">
        , against {formatFigure(previous)} {previousLabel}
      </span>
    </span>
  );
}
