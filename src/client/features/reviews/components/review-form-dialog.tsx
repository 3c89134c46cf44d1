import { useQueryClient } from '@tanstack/react-query';
import { Star } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { Review } from '../../../../shared/api/reviews.js';
import { createReviewSchema, updateReviewSchema } from '../../../../shared/api/reviews.js';
import { REVIEW_BODY_MAX, REVIEW_BODY_MIN, REVIEW_TITLE_MAX } from '../../../../shared/limits.js';
import { PendingButton } from '../../../components/ui/button.js';
import { DialogActions, DialogContent, DialogRoot } from '../../../components/ui/dialog.js';
import { TextField } from '../../../components/ui/form-field.js';
import { TextAreaField } from '../../../components/ui/textarea.js';
import { cn } from '../../../lib/cn.js';
import { serverFieldErrors, zodFieldErrors, type FieldErrors } from '../../../lib/form-errors.js';
import { isApiError } from '../../../lib/request.js';
import { toast } from '../../../lib/toast.js';
import { usePendingAction } from '../../../lib/use-pending-action.js';
import { createReview, refreshAfterReviewChange, updateReview } from '../api/review-mutations.js';

type Field = 'rating' | 'title' | 'body';

interface ReviewFormDialogProps {
  agent: { id: number; slug: string; name: string };
  /** The person's own review when editing; absent when writing a new one. */
  review: Review | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

function StarInput({
  value,
  onChange,
  error,
}: {
  value: number;
  onChange: (value: number) => void;
  error: string | undefined;
}) {
  const [hover, setHover] = useState(0);
  const shown = hover || value;
  return (
    <fieldset aria-describedby={error ? 'review-rating-error' : undefined}>
      <legend className="text-sm font-medium text-slate-700">Rating</legend>
      <div className="mt-1.5 flex items-center gap-1" onMouseLeave={() => setHover(0)}>
        {[1, 2, 3, 4, 5].map((star) => (
          <label
            key={star}
            className="relative inline-flex h-10 w-10 cursor-pointer items-center justify-center rounded-lg has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600"
            onMouseEnter={() => setHover(star)}
          >
            <input
              type="radio"
              name="rating"
              value={star}
              checked={value === star}
              onChange={() => onChange(star)}
              aria-label={star === 1 ? '1 star' : `${star} stars`}
              aria-invalid={error ? true : undefined}
              className="absolute inset-0 h-full w-full cursor-pointer appearance-none opacity-0"
            />
            <Star
              className={cn('h-7 w-7', star <= shown ? 'text-amber-400' : 'text-slate-300')}
              fill="currentColor"
              strokeWidth={0}
              aria-hidden="true"
            />
          </label>
        ))}
        <span className="ml-2 text-sm text-slate-600" aria-hidden="true">
          {value > 0 ? `${value} of 5` : 'Choose'}
        </span>
      </div>
      {error && (
        <p id="review-rating-error" className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** Writing or editing a review: stars 1-5, optional title, body with a live count; errors inline. */
export default function ReviewFormDialog({ agent, review, open, onOpenChange }: ReviewFormDialogProps) {
  const queryClient = useQueryClient();
  const editing = review !== null;
  const [rating, setRating] = useState(review?.rating ?? 0);
  const [title, setTitle] = useState(review?.title ?? '');
  const [body, setBody] = useState(review?.body ?? '');
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const { pending, run } = usePendingAction();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const schema = editing ? updateReviewSchema : createReviewSchema;
    const parsed = schema.safeParse({ rating: rating || undefined, title, body });
    const fieldErrors: FieldErrors<Field> = parsed.success ? {} : zodFieldErrors<Field>(parsed.error);
    if (!rating) fieldErrors.rating = 'Choose a rating from 1 to 5 stars';
    setErrors(fieldErrors);
    if (!parsed.success || !rating) return;

    const input = { rating, title: parsed.data.title ?? null, body: parsed.data.body ?? body.trim() };
    await run(
      async () => {
        if (review) {
          await updateReview(review.id, input);
          toast.success('Review updated', { description: `Your review of ${agent.name} was saved.` });
        } else {
          await createReview(agent.id, input);
          toast.success('Review posted', { description: `Thanks for reviewing ${agent.name}.` });
        }
        onOpenChange(false);
        await refreshAfterReviewChange(queryClient, agent);
      },
      editing ? 'Failed to update review' : 'Failed to post review',
      (error) => {
        if (isApiError(error) && error.details) setErrors(serverFieldErrors<Field>(error.details));
      },
    );
  };

  return (
    <DialogRoot open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent
        className="max-w-lg"
        heading={editing ? 'Edit your review' : `Write a review of ${agent.name}`}
        description={
          editing
            ? 'Your rating and review replace the ones you posted before.'
            : 'Share how this agent worked for you. Your display name is shown with the review.'
        }
      >
        <form className="mt-5 space-y-5" onSubmit={(event) => void onSubmit(event)} noValidate>
          <StarInput value={rating} onChange={setRating} error={errors.rating} />
          <TextField
            label="Title"
            value={title}
            onValueChange={setTitle}
            error={errors.title}
            hint={`Optional, up to ${REVIEW_TITLE_MAX} characters`}
            maxLength={REVIEW_TITLE_MAX}
            autoComplete="off"
          />
          <TextAreaField
            label="Review"
            value={body}
            onValueChange={setBody}
            error={errors.body}
            hint={`At least ${REVIEW_BODY_MIN} characters`}
            maxLength={REVIEW_BODY_MAX}
            rows={6}
          />
          <DialogActions busy={pending}>
            <PendingButton
              type="submit"
              pending={pending}
              pendingLabel={editing ? 'Saving...' : 'Posting...'}
            >
              {editing ? 'Save changes' : 'Post review'}
            </PendingButton>
          </DialogActions>
        </form>
      </DialogContent>
    </DialogRoot>
  );
}
