import { PendingButton } from '../../../components/ui/button.js';
import { DialogActions, DialogContent, DialogRoot } from '../../../components/ui/dialog.js';

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
        <DialogContent
          showClose={false}
          role="alertdialog"
          heading="Delete this draft?"
          description={
            <>“{draftName}” and everything typed into it will be deleted. This cannot be undone.</>
          }
        >
          <DialogActions className="mt-6" busy={pending}>
            <PendingButton variant="danger" onClick={onConfirm} pending={pending} pendingLabel="Deleting...">
              Delete draft
            </PendingButton>
          </DialogActions>
        </DialogContent>
      )}
    </DialogRoot>
  );
}
