import { Button } from '../../components/ui/button.js';
import { DialogActions, DialogContent, DialogRoot } from '../../components/ui/dialog.js';

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
      <DialogContent
        showClose={false}
        role="alertdialog"
        heading="Unsaved Changes"
        description="You have unsaved changes. Are you sure you want to leave this page? Your changes will be lost."
      >
        <DialogActions className="mt-6">
          <Button variant="danger" onClick={onLeave}>
            Leave Page
          </Button>
        </DialogActions>
      </DialogContent>
    </DialogRoot>
  );
}
