import { Search } from 'lucide-react';
import type { SearchTerm } from '../../../../shared/api/metrics.js';
import { formatClickThrough, formatNumber } from '../lib/labels.js';
import { ChartPanel } from './chart-panel.js';
import { DataTable } from './data-table.js';

/** The searches whose first page showed the agent: a table everyone sees, and its CSV. */
export function SearchTermsPanel({ terms, fileStem }: { terms: readonly SearchTerm[]; fileStem: string }) {
  const header = ['term', 'impressions', 'clicks'];
  const rows = terms.map((term) => [term.term, term.impressions, term.clicks]);
  if (terms.length === 0) {
    return (
      <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-5 text-sm text-slate-600">
        <h3 className="flex items-center gap-2 font-semibold text-slate-900">
          <Search className="h-4 w-4" aria-hidden="true" />
          Search terms
        </h3>
        <p className="mt-2">
          No search showed it on its first page in this period yet. Clear tags and a tagline with the words
          people search for help it appear.
        </p>
      </div>
    );
  }
  return (
    <ChartPanel
      title="Search terms"
      description="Searches that showed it on their first page, and how often it was opened from them."
      fileName={`${fileStem}-search-terms`}
      figures={{ header, rows }}
      tableOnly={
        <DataTable
          caption="Search terms"
          header={['Search term', 'Shown', 'Opened', 'Opened per showing']}
          rows={terms.map((term) => [
            term.term,
            formatNumber(term.impressions),
            formatNumber(term.clicks),
            formatClickThrough(term.clicks, term.impressions),
          ])}
        />
      }
    />
  );
}
