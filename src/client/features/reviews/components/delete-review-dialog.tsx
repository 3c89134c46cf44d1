import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Review } from '../../../../shared/api/agents.js';
import { Button } from '../../../components/ui/button.js';
import { DialogContent, DialogDescription, DialogRoot, DialogTitle } from '../../../components/ui/dialog.js';
import { ButtonSpinner } from '../../../components/ui/spinner.js';
import { toast } from '../../../lib/toast.js';
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
  const [pending, setPending] = useState(false);

  const onDelete = async () => {
    setPending(true);
    try {
      await deleteReview(review.id);
      toast.success('Review deleted', { description: `Your review of ${agent.name} was removed.` });
      onOpenChange(false);
      await refreshAfterReviewChange(queryClient, agent);
    } catch (error) {
      toast.error('Failed to delete review', {
        description: error instanceof Error ? error.message : undefined,
      });
    } finally {
      setPending(false);
    }
  };

  return (
    <DialogRoot open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent role="alertdialog" showClose={false}>
        <DialogTitle className="text-lg font-semibold text-slate-900">Delete your review?</DialogTitle>
        <DialogDescription className="mt-2 text-sm text-slate-600">
          Your rating and review of {agent.name} will be removed. This cannot be undone.
        </DialogDescription>
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={pending}>
            Cancel
          </Button>
          <Button variant="danger" onClick={() => void onDelete()} disabled={pending}>
            {pending && <ButtonSpinner />}
            {pending ? 'Deleting...' : 'Delete review'}
          </Button>
        </div>
      </DialogContent>
    </DialogRoot>
  );
}
