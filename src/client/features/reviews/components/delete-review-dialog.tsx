import { useQueryClient } from '@tanstack/react-query';
import type { Review } from '../../../../shared/api/reviews.js';
import { PendingButton } from '../../../components/ui/button.js';
import { DialogActions, DialogContent, DialogRoot } from '../../../components/ui/dialog.js';
import { toast } from '../../../lib/toast.js';
import { usePendingAction } from '../../../lib/use-pending-action.js';
import { deleteReview, refreshAfterReviewChange } from '../api/review-mutations.js';

interface DeleteReviewDialogProps {
  agent: { id: number; slug: string; name: string };
  review: Review;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Confirms deleting the person's own review. */
export function DeleteReviewDialog({ agent, review, open, onOpenChange }: DeleteReviewDialogProps) {
  const queryClient = useQueryClient();
  const { pending, run } = usePendingAction();

  const onDelete = () =>
    run(async () => {
      await deleteReview(review.id);
      toast.success('Review deleted', { description: `Your review of ${agent.name} was removed.` });
      onOpenChange(false);
      await refreshAfterReviewChange(queryClient, agent);
    }, 'Failed to delete review');

  return (
    <DialogRoot open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent
        role="alertdialog"
        showClose={false}
        heading="Delete your review?"
        description={<>Your rating and review of {agent.name} will be removed. This cannot be undone.</>}
      >
        <DialogActions className="mt-6" busy={pending}>
          <PendingButton
            variant="danger"
            onClick={() => void onDelete()}
            pending={pending}
            pendingLabel="Deleting..."
          >
            Delete review
          </PendingButton>
        </DialogActions>
      </DialogContent>
    </DialogRoot>
  );
}
