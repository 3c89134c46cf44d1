import { Button } from '../../components/ui/button.js';
import { DialogContent, DialogDescription, DialogRoot, DialogTitle } from '../../components/ui/dialog.js';

/** Spec section 2, "Unsaved changes dialog": its title, text and buttons, word for word. */
export default function UnsavedChangesDialog({
  onCancel,
  onLeave,
}: {
  onCancel: () => void;
  onLeave: () => void;
}) {
  return (
    <DialogRoot open onOpenChange={(next) => !next && onCancel()}>
      <DialogContent showClose={false} role="alertdialog">
        <DialogTitle className="text-lg font-semibold text-slate-900">Unsaved Changes</DialogTitle>
        <DialogDescription className="mt-2 text-sm text-slate-600">
          You have unsaved changes. Are you sure you want to leave this page? Your changes will be lost.
        </DialogDescription>
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onCancel}>
            Cancel
          </Button>
          <Button variant="danger" onClick={onLeave}>
            Leave Page
          </Button>
        </div>
      </DialogContent>
    </DialogRoot>
  );
}
