import { Button } from '../../../components/ui/button.js';
import { DialogContent, DialogDescription, DialogRoot, DialogTitle } from '../../../components/ui/dialog.js';
import { ButtonSpinner } from '../../../components/ui/spinner.js';

interface DeleteDraftDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
  pending: boolean;
  draftName: string;
}

/** Asks before a draft is deleted: there is no way to bring it back. */
export function DeleteDraftDialog({
  open,
  onOpenChange,
  onConfirm,
  pending,
  draftName,
}: DeleteDraftDialogProps) {
  return (
    <DialogRoot open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      {open && (
        <DialogContent showClose={false} role="alertdialog">
          <DialogTitle className="text-lg font-semibold text-slate-900">Delete this draft?</DialogTitle>
          <DialogDescription className="mt-2 text-sm text-slate-600">
            “{draftName}” and everything typed into it will be deleted. This cannot be undone.
          </DialogDescription>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={pending}>
              Cancel
            </Button>
            <Button variant="danger" onClick={onConfirm} disabled={pending}>
              {pending && <ButtonSpinner />}
              {pending ? 'Deleting...' : 'Delete draft'}
            </Button>
          </div>
        </DialogContent>
      )}
    </DialogRoot>
  );
}
