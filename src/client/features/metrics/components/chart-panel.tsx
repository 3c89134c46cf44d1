import { Download, Table2 } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button.js';
import { Card } from '../../../components/ui/card.js';
import { downloadCsv, toCsv } from '../lib/csv.js';
import { DataTable } from './data-table.js';

export interface ChartFigures {
  /** Column names of the table and of the CSV's header row. */
  header: readonly string[];
  /** The table's column names, when they read better than the CSV's. */
  columns?: readonly string[];
  /** Raw figures, as the CSV holds them. */
  rows: ReadonlyArray<ReadonlyArray<string | number>>;
  /** How a row reads in the table (a date spelled out, a rating with one decimal). */
  display?: (row: ReadonlyArray<string | number>) => ReadonlyArray<ReactNode>;
}

interface ChartPanelProps {
  title: string;
  description?: string;
  /** The CSV's file name, without the extension. */
  fileName: string;
  figures: ChartFigures;
  /** The chart itself (hidden from screen readers, which read the table). */
  children?: ReactNode;
  /** A panel that is a table for everyone: shown instead of a chart, without the table switch. */
  tableOnly?: ReactNode;
  /** A headline figure beside the title. */
  summary?: ReactNode;
}

/**
 * A chart with the same figures as a table (always read by screen readers, shown on request) and as a CSV
 * file made in the browser.
 */
export function ChartPanel({
  title,
  description,
  fileName,
  figures,
  children,
  tableOnly,
  summary,
}: ChartPanelProps) {
  const [showTable, setShowTable] = useState(false);
  const headingId = useId();
  const tableRows = figures.display ? figures.rows.map(figures.display) : figures.rows;

  return (
    <Card className="min-w-0 p-4 sm:p-5">
      <section aria-labelledby={headingId}>
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h3 id={headingId} className="font-semibold text-slate-900">
              {title}
            </h3>
            {description && <p className="mt-0.5 text-sm text-slate-600">{description}</p>}
          </div>
          {summary && <div className="text-right text-sm text-slate-700">{summary}</div>}
        </div>
        <div className="mt-3">{tableOnly ?? children}</div>
        <div className="mt-3 flex flex-wrap gap-2">
          {!tableOnly && (
            <Button variant="outline" size="sm" onClick={() => setShowTable((shown) => !shown)}>
              <Table2 className="h-4 w-4" aria-hidden="true" />
              {showTable ? 'Hide table' : 'Show table'}
              <span className="sr-only">: {title}</span>
            </Button>
          )}
          <Button
            variant="outline"
            size="sm"
            onClick={() => downloadCsv(`${fileName}.csv`, toCsv(figures.header, figures.rows))}
          >
            <Download className="h-4 w-4" aria-hidden="true" />
            Download CSV
            <span className="sr-only">: {title}</span>
          </Button>
        </div>
        {!tableOnly && (
          <DataTable
            caption={title}
            header={figures.columns ?? figures.header}
            rows={tableRows}
            visuallyHidden={!showTable}
            className="mt-3"
          />
        )}
      </section>
    </Card>
  );
}
