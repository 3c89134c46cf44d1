import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import type { ReportTarget } from '../../../lib/report-target.js';

// The dialog validates with the shared zod schemas; it loads when first opened, never with the page.
const ReportDialog = lazy(() => import('../components/report-dialog.js'));

export interface ReportDialogControls {
  openReport: (target: ReportTarget) => void;
  /** Render it once on the page; it shows the dialog while a report is being written. */
  dialog: ReactNode;
}

/** Reporting a review or an agent: `openReport(target)` opens a fresh dialog for it. */
export function useReportDialog(): ReportDialogControls {
  const [report, setReport] = useState<{ target: ReportTarget; key: number } | null>(null);
  const openReport = useCallback((target: ReportTarget) => setReport({ target, key: Date.now() }), []);

  const dialog = report && (
    <Suspense fallback={null}>
      <ReportDialog
        key={report.key}
        target={report.target}
        open
        onOpenChange={(open) => !open && setReport(null)}
      />
    </Suspense>
  );

  return { openReport, dialog };
}
