import { useState, type FormEvent } from 'react';
import { REPORT_DETAILS_MAX, reportReasonLabels, reportReasons } from '../../../../shared/api/reviews.js';
import { Button } from '../../../components/ui/button.js';
import { DialogContent, DialogDescription, DialogRoot, DialogTitle } from '../../../components/ui/dialog.js';
import { ButtonSpinner } from '../../../components/ui/spinner.js';
import { TextAreaField } from '../../../components/ui/textarea.js';
import { toast } from '../../../lib/toast.js';
import { reportContent, type ReportReason, type ReportTarget } from '../api/review-mutations.js';

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
  const [pending, setPending] = useState(false);

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
    setPending(true);
    try {
      await reportContent(target, { reason, details: trimmed || null });
      toast.success('Report submitted', { description: 'Thank you. Our moderators will look into it.' });
      onOpenChange(false);
    } catch (failure) {
      toast.error('Failed to submit report', {
        description: failure instanceof Error ? failure.message : undefined,
      });
    } finally {
      setPending(false);
    }
  };

  const title = target.kind === 'review' ? 'Report review' : 'Report agent';
  return (
    <DialogRoot open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent>
        <DialogTitle className="pr-8 text-lg font-semibold text-slate-900">{title}</DialogTitle>
        <DialogDescription className="mt-1 text-sm text-slate-600">
          Tell the moderators what is wrong with {target.label}.
        </DialogDescription>
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
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending}>
              {pending && <ButtonSpinner />}
              {pending ? 'Submitting...' : 'Submit report'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </DialogRoot>
  );
}
