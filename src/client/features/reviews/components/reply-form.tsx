import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { Review } from '../../../../shared/api/reviews.js';
import { REPLY_BODY_MAX, replySchema } from '../../../../shared/api/reviews.js';
import { Button, PendingButton } from '../../../components/ui/button.js';
import { TextAreaField } from '../../../components/ui/textarea.js';
import { zodFieldErrors } from '../../../lib/form-errors.js';
import { toast } from '../../../lib/toast.js';
import { usePendingAction } from '../../../lib/use-pending-action.js';
import { updateCachedReview } from '../api/get-agent-reviews.js';
import { replyToReview } from '../api/review-mutations.js';

/** The agent owner's one public reply to a review. */
export default function ReplyForm({ review, onDone }: { review: Review; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | undefined>();
  const { pending, run } = usePendingAction();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const parsed = replySchema.safeParse({ body });
    if (!parsed.success) {
      setError(zodFieldErrors<'body'>(parsed.error).body);
      return;
    }
    setError(undefined);
    await run(async () => {
      const updated = await replyToReview(review.id, parsed.data.body);
      updateCachedReview(queryClient, updated);
      toast.success('Reply posted', { description: `Your reply to ${review.author.displayName} is public.` });
      onDone();
    }, 'Failed to post reply');
  };

  return (
    <form className="mt-3 space-y-3" onSubmit={(event) => void onSubmit(event)} noValidate>
      <TextAreaField
        label="Your reply"
        value={body}
        onValueChange={setBody}
        error={error}
        maxLength={REPLY_BODY_MAX}
        rows={3}
        autoFocus
      />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" size="sm" onClick={onDone} disabled={pending}>
          Cancel
        </Button>
        <PendingButton type="submit" size="sm" pending={pending} pendingLabel="Posting...">
          Post reply
        </PendingButton>
      </div>
    </form>
  );
}
