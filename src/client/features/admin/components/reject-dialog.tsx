import { useState, type FormEvent } from 'react';
import type { AdminSubmission } from '../../../../shared/api/admin.js';
import { rejectSubmissionSchema } from '../../../../shared/api/admin.js';
import { REJECTION_REASON_MAX } from '../../../../shared/limits.js';
import { PendingButton } from '../../../components/ui/button.js';
import { DialogActions, DialogContent, DialogRoot } from '../../../components/ui/dialog.js';
import { TextAreaField } from '../../../components/ui/textarea.js';
import { isApiError } from '../../../lib/request.js';
import { useRejectSubmission } from '../api/decide-submission.js';

/** Asks for the reason the owner will read; checked here as the server checks it (10-1000 characters). */
export function RejectDialog({
  submission,
  open,
  onOpenChange,
}: {
  submission: AdminSubmission;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const reject = useRejectSubmission();
  const isEdit = submission.kind === 'revision';

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = rejectSubmissionSchema.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    reject.mutate(
      { submission, reason: parsed.data.reason },
      {
        onSuccess: () => {
          setReason('');
          onOpenChange(false);
        },
        onError: (failure) => {
          if (isApiError(failure) && failure.status === 400) {
            setError(failure.details?.reason?.[0] ?? failure.message);
          } else {
            onOpenChange(false);
          }
        },
      },
    );
  }

  return (
    <DialogRoot
      open={open}
      onOpenChange={(next) => {
        if (!next) setError(undefined);
        onOpenChange(next);
      }}
    >
      <DialogContent
        className="max-w-lg"
        heading={isEdit ? 'Reject this edit' : 'Reject this submission'}
        description={`${isEdit ? `The live listing of ${submission.agent.name} stays as it is.` : `${submission.agent.name} will not be published.`} The owner is notified and sees your reason on the agent's status page.`}
      >
        <form onSubmit={onSubmit} noValidate className="mt-5 space-y-5">
          <TextAreaField
            label="Reason for the owner"
            value={reason}
            onValueChange={(value) => {
              setReason(value);
              if (error) setError(undefined);
            }}
            error={error}
            maxLength={REJECTION_REASON_MAX}
            rows={5}
            placeholder="What needs to change before this can be published?"
            hint="At least 10 characters."
            autoFocus
          />
          <DialogActions>
            <PendingButton
              type="submit"
              variant="danger"
              pending={reject.isPending}
              pendingLabel="Rejecting..."
            >
              Reject
            </PendingButton>
          </DialogActions>
        </form>
      </DialogContent>
    </DialogRoot>
  );
}
