import { useState, type FormEvent } from 'react';
import { REPORT_DETAILS_MAX, reportReasonLabels, reportReasons } from '../../../../shared/api/reports.js';
import { PendingButton } from '../../../components/ui/button.js';
import { DialogActions, DialogContent, DialogRoot } from '../../../components/ui/dialog.js';
import { TextAreaField } from '../../../components/ui/textarea.js';
import { toast } from '../../../lib/toast.js';
import { usePendingAction } from '../../../lib/use-pending-action.js';
import type { ReportTarget } from '../../../lib/report-target.js';
import { createReport, type ReportReason } from '../api/create-report.js';

interface ReportDialogProps {
  target: ReportTarget;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Reporting a review or an agent to the moderators: one reason, optional details. */
export default function ReportDialog({ target, open, onOpenChange }: ReportDialogProps) {
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [error, setError] = useState<{ reason?: string; details?: string }>({});
  const { pending, run } = usePendingAction();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const trimmed = details.trim();
    const nextError: { reason?: string; details?: string } = {};
    if (!reason) nextError.reason = 'Choose a reason';
    if (trimmed.length > REPORT_DETAILS_MAX) {
      nextError.details = `Details can have at most ${REPORT_DETAILS_MAX} characters`;
    }
    setError(nextError);
    if (!reason || nextError.details) return;
    await run(async () => {
      await createReport(target, { reason, details: trimmed || null });
      toast.success('Report submitted', { description: 'Thank you. Our moderators will look into it.' });
      onOpenChange(false);
    }, 'Failed to submit report');
  };

  const title = target.kind === 'review' ? 'Report review' : 'Report agent';
  return (
    <DialogRoot open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent
        heading={title}
        description={<>Tell the moderators what is wrong with {target.label}.</>}
      >
        <form className="mt-5 space-y-5" onSubmit={(event) => void onSubmit(event)} noValidate>
          <fieldset aria-describedby={error.reason ? 'report-reason-error' : undefined}>
            <legend className="text-sm font-medium text-slate-700">Reason</legend>
            <div className="mt-2 space-y-1">
              {reportReasons.map((value) => (
                <label
                  key={value}
                  className="flex cursor-pointer items-center gap-2.5 rounded-lg px-2 py-1.5 text-sm text-slate-800 hover:bg-slate-50"
                >
                  <input
                    type="radio"
                    name="report-reason"
                    value={value}
                    checked={reason === value}
                    onChange={() => setReason(value)}
                    className="h-4 w-4 cursor-pointer accent-brand-600"
                  />
                  {reportReasonLabels[value]}
                </label>
              ))}
            </div>
            {error.reason && (
              <p id="report-reason-error" className="mt-1.5 text-sm text-red-700">
                {error.reason}
              </p>
            )}
          </fieldset>
          <TextAreaField
            label="Details (optional)"
            value={details}
            onValueChange={setDetails}
            error={error.details}
            maxLength={REPORT_DETAILS_MAX}
            rows={3}
          />
          <DialogActions busy={pending}>
            <PendingButton type="submit" pending={pending} pendingLabel="Submitting...">
              Submit report
            </PendingButton>
          </DialogActions>
        </form>
      </DialogContent>
    </DialogRoot>
  );
}
