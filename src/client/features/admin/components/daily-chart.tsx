import { useId, useState } from 'react';
import type { AdminStats } from '../../../../shared/api/admin.js';
import { formatDate } from '../../../../shared/rules/date.js';
import { Card } from '../../../components/ui/card.js';
import { cn } from '../../../lib/cn.js';

type Series = 'agents' | 'users' | 'reviews' | 'reports';

const seriesLabels: Record<Series, string> = {
  agents: 'Agents submitted',
  users: 'New users',
  reviews: 'Reviews',
  reports: 'Reports',
};

/** How the summary sentence counts each series: one and many. */
const seriesNouns: Record<Series, [string, string]> = {
  agents: ['agent submitted', 'agents submitted'],
  users: ['new user', 'new users'],
  reviews: ['review', 'reviews'],
  reports: ['report', 'reports'],
};

/** "2026-11-03" read as a UTC day, shown as "Nov 3, 2026" whatever the viewer's time zone. */
function dayLabel(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  if (!year || !month || !date) return day;
  return formatDate(new Date(year, month - 1, date));
}

/**
 * Thirty days as bars drawn with CSS (no chart library). Screen readers get a sentence with the
 * total, the busiest day and the latest day instead of thirty bars.
 */
export function DailyChart({
  daily,
  submittedLast30Days,
}: {
  daily: AdminStats['daily'];
  submittedLast30Days: number;
}) {
  const [series, setSeries] = useState<Series>('agents');
  const summaryId = useId();
  const values = daily.map((entry) => entry[series]);
  const total = series === 'agents' ? submittedLast30Days : values.reduce((sum, value) => sum + value, 0);
  const max = Math.max(1, ...values);
  const busiestIndex = values.indexOf(Math.max(...values, 0));
  const busiest = daily[busiestIndex];
  const first = daily[0];
  const last = daily.at(-1);
  const [one, many] = seriesNouns[series];
  const busiestText = busiest ? `, most on ${dayLabel(busiest.day)} (${values[busiestIndex]})` : '';
  const lastText = last && last !== busiest ? `; ${last[series]} on ${dayLabel(last.day)}` : '';
  const summary =
    total === 0
      ? `No ${many} in the last 30 days.`
      : `${total.toLocaleString('en-US')} ${total === 1 ? one : many} in the last 30 days${busiestText}${lastText}.`;

  return (
    <Card className="p-4 sm:p-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 className="text-base font-semibold text-slate-900">Last 30 days</h3>
        <div role="group" aria-label="Series" className="flex flex-wrap gap-1.5">
          {(Object.keys(seriesLabels) as Series[]).map((key) => (
            <button
              key={key}
              type="button"
              aria-pressed={series === key}
              onClick={() => setSeries(key)}
              className={cn(
                'inline-flex h-8 cursor-pointer items-center rounded-full px-3 text-xs font-medium ring-1 ring-inset',
                'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
                series === key
                  ? 'bg-brand-600 text-white ring-brand-600'
                  : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50',
              )}
            >
              {seriesLabels[key]}
            </button>
          ))}
        </div>
      </div>
      <p id={summaryId} className="mt-2 text-sm text-slate-600" aria-live="polite">
        {summary}
      </p>
      <div
        role="img"
        aria-labelledby={summaryId}
        className="mt-4 flex h-32 items-end gap-[2px] border-b border-slate-200 sm:gap-1"
      >
        {daily.map((entry) => {
          const value = entry[series];
          return (
            <div
              key={entry.day}
              title={`${dayLabel(entry.day)}: ${value}`}
              className="flex h-full min-w-0 flex-1 items-end"
            >
              <div
                className={cn('w-full rounded-t-sm', value > 0 ? 'bg-brand-500' : 'bg-slate-200')}
                style={{ height: value > 0 ? `${Math.max(4, (value / max) * 100)}%` : '2px' }}
              />
            </div>
          );
        })}
      </div>
      {first && last && (
        <div className="mt-1 flex justify-between text-xs text-slate-600" aria-hidden="true">
          <span>{dayLabel(first.day)}</span>
          <span>{dayLabel(last.day)}</span>
        </div>
      )}
    </Card>
  );
}
