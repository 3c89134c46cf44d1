import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn.js';

export interface DataTableProps {
  caption: string;
  header: readonly string[];
  rows: ReadonlyArray<ReadonlyArray<ReactNode>>;
  /** Read by screen readers only (the chart shows the figures to everyone else). */
  visuallyHidden?: boolean;
  className?: string;
}

/**
 * The figures behind a chart, as a real table: what a screen reader reads instead of the canvas.
 * The first column names the row; the others are figures (right-aligned, tabular digits). */
export function DataTable({ caption, header, rows, visuallyHidden = false, className }: DataTableProps) {
  if (visuallyHidden) {
    return (
      <div className="sr-only">
        <Table caption={caption} header={header} rows={rows} />
      </div>
    );
  }
  return (
    // Scrolls on its own (a long range, a narrow screen), so it takes focus for keyboard scrolling.
    <div
      role="region"
      aria-label={`${caption}, table`}
      tabIndex={0}
      className={cn('max-h-80 overflow-auto rounded-lg border border-slate-200', className)}
    >
      <Table caption={caption} header={header} rows={rows} />
    </div>
  );
}

function Table({ caption, header, rows }: Pick<DataTableProps, 'caption' | 'header' | 'rows'>) {
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead className="sticky top-0 bg-slate-50 text-left text-slate-700">
        <tr>
          {header.map((column, index) => (
            <th key={column} scope="col" className={cn('px-3 py-2 font-medium', index > 0 && 'text-right')}>
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {rows.map((row, rowIndex) => (
          <tr key={rowIndex}>
            {row.map((cell, index) =>
              index === 0 ? (
                <th key={index} scope="row" className="px-3 py-1.5 text-left font-normal text-slate-700">
                  {cell}
                </th>
              ) : (
                <td key={index} className="px-3 py-1.5 text-right text-slate-900 tabular-nums">
                  {cell}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
