import type { ReactNode } from 'react';
import { metricKeys, type MetricTotals } from '../../../../shared/api/metrics.js';
import { formatNumber, metricLabels } from '../lib/labels.js';
import { MetricChange } from './metric-change.js';

export interface ExtraTile {
  label: string;
  value: string;
  note?: ReactNode;
}

/** The period's totals, each with its change against the period before, plus any extra figures. */
export function StatTiles({
  totals,
  previous,
  extra = [],
}: {
  totals: MetricTotals;
  previous: MetricTotals;
  extra?: ExtraTile[];
}) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
      {metricKeys.map((key) => (
        <div key={key} className="min-w-0 rounded-xl border border-slate-200 bg-white p-3 sm:p-4">
          <dt className="text-sm text-slate-600">{metricLabels[key]}</dt>
          <dd className="mt-1 text-2xl font-semibold text-slate-900 tabular-nums">
            {formatNumber(totals[key])}
          </dd>
          <dd className="mt-0.5">
            <MetricChange current={totals[key]} previous={previous[key]} />
          </dd>
        </div>
      ))}
      {extra.map((tile) => (
        <div key={tile.label} className="min-w-0 rounded-xl border border-slate-200 bg-white p-3 sm:p-4">
          <dt className="text-sm text-slate-600">{tile.label}</dt>
          <dd className="mt-1 text-2xl font-semibold text-slate-900 tabular-nums">{tile.value}</dd>
          {tile.note && <dd className="mt-0.5 text-xs text-slate-600">{tile.note}</dd>}
        </div>
      ))}
    </dl>
  );
}
