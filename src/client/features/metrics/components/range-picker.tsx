import { cn } from '../../../lib/cn.js';

interface RangePickerProps<R extends string> {
  ranges: readonly R[];
  value: R;
  onChange: (range: R) => void;
}

/** "7d" reads "7 days". */
export function rangeLabel(range: string): string {
  const days = Number.parseInt(range, 10);
  return Number.isNaN(days) ? range : `${days} days`;
}

/** The period switch: native radio buttons (arrow keys move between them) drawn as a segmented control. */
export function RangePicker<R extends string>({ ranges, value, onChange }: RangePickerProps<R>) {
  return (
    <fieldset className="min-w-0">
      <legend className="sr-only">Period</legend>
      <div className="inline-flex rounded-lg border border-slate-300 bg-white p-0.5">
        {ranges.map((range) => (
          <label
            key={range}
            className={cn(
              'cursor-pointer rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap',
              'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-1 has-[:focus-visible]:outline-brand-600',
              range === value ? 'bg-brand-600 text-white' : 'text-slate-700 hover:bg-slate-100',
            )}
          >
            <input
              type="radio"
              name="metrics-range"
              value={range}
              checked={range === value}
              onChange={() => onChange(range)}
              className="sr-only"
            />
            {rangeLabel(range)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
