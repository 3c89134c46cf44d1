import {
  ChevronLeft,
  ChevronRight,
  Flag,
  MessageSquareText,
  Pencil,
  Reply,
  ThumbsUp,
  Trash2,
} from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { AgentDetail } from '../../../../shared/api/agents.js';
import type { Review, ReviewSort } from '../../../../shared/api/reviews.js';
import { formatDate } from '../../../../shared/rules/date.js';
import { Avatar } from '../../../components/ui/avatar.js';
import { Button } from '../../../components/ui/button.js';
import { Card } from '../../../components/ui/card.js';
import { Select } from '../../../components/ui/input.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import { StarRating } from '../../../components/ui/star-rating.js';
import { isApiError } from '../../../lib/request.js';
import { toast } from '../../../lib/toast.js';
import { useDeferredResult } from '../../../lib/use-deferred-result.js';
import { updateCachedReview, useAgentReviews } from '../api/get-agent-reviews.js';
import { markReviewHelpful } from '../api/review-mutations.js';
import type { ReviewActions } from '../hooks/use-review-actions.js';

const ReplyForm = lazy(() => import('./reply-form.js'));

/** The same values as `reviewSorts` of shared/api/agents.ts (importing it would load zod with the page). */
const sortOptions: Array<{ value: ReviewSort; label: string }> = [
  { value: 'newest', label: 'Newest' },
  { value: 'highest', label: 'Highest rated' },
  { value: 'lowest', label: 'Lowest rated' },
  { value: 'helpful', label: 'Most helpful' },
];

interface ReviewItemProps {
  review: Review;
  own: boolean;
  canReply: boolean;
  voted: boolean;
  onHelpful: () => void;
  actions: ReviewActions;
  agentName: string;
}

function ReviewItem({ review, own, canReply, voted, onHelpful, actions, agentName }: ReviewItemProps) {
  const [replying, setReplying] = useState(false);
  const author = review.author.displayName;
  const edited = review.updatedAt !== review.createdAt;
  return (
    <li className="py-5 first:pt-0">
      <article aria-label={`Review by ${author}`} className="flex items-start gap-3">
        <Avatar name={author} size={36} />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <span className="font-medium text-slate-900">{author}</span>
            {own && (
              <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700">
                Your review
              </span>
            )}
            <StarRating value={review.rating} size={14} />
            <time className="text-sm text-slate-600" dateTime={review.createdAt}>
              {formatDate(review.createdAt)}
            </time>
            {edited && <span className="text-xs text-slate-500">(edited)</span>}
          </div>
          {review.title && <h3 className="mt-2 font-semibold break-words text-slate-900">{review.title}</h3>}
          <p className="mt-1 text-sm leading-6 break-words whitespace-pre-line text-slate-700">
            {review.body}
          </p>

          {review.ownerReply && (
            <div className="mt-3 rounded-xl border-l-4 border-brand-200 bg-slate-50 p-3 text-sm text-slate-700">
              <p className="flex flex-wrap items-center gap-x-2 font-medium text-slate-900">
                Reply from the owner of {agentName}
                <time className="text-xs font-normal text-slate-600" dateTime={review.ownerReply.createdAt}>
                  {formatDate(review.ownerReply.createdAt)}
                </time>
              </p>
              <p className="mt-1 break-words whitespace-pre-line">{review.ownerReply.body}</p>
            </div>
          )}

          <div className="mt-3 -ml-2 flex flex-wrap items-center gap-1">
            <Button
              variant="ghost"
              size="sm"
              onClick={onHelpful}
              disabled={own || voted}
              aria-pressed={voted}
              title={
                own ? 'You cannot vote for your own review' : voted ? 'You found this helpful' : undefined
              }
            >
              <ThumbsUp className="h-4 w-4" fill={voted ? 'currentColor' : 'none'} aria-hidden="true" />
              Helpful ({review.helpfulCount})
            </Button>
            {own ? (
              <>
                <Button variant="ghost" size="sm" onClick={() => actions.openEdit(review)}>
                  <Pencil className="h-4 w-4" aria-hidden="true" />
                  Edit
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  className="text-red-700 hover:bg-red-50 hover:text-red-800"
                  onClick={() => actions.openDelete(review)}
                >
                  <Trash2 className="h-4 w-4" aria-hidden="true" />
                  Delete
                </Button>
              </>
            ) : (
              <Button
                variant="ghost"
                size="sm"
                onClick={() =>
                  actions.requireUser('Log in to report a review.', () =>
                    actions.openReport({ kind: 'review', id: review.id, label: `the review by ${author}` }),
                  )
                }
              >
                <Flag className="h-4 w-4" aria-hidden="true" />
                Report
              </Button>
            )}
            {canReply && !review.ownerReply && !replying && (
              <Button variant="ghost" size="sm" onClick={() => setReplying(true)}>
                <Reply className="h-4 w-4" aria-hidden="true" />
                Reply
              </Button>
            )}
          </div>
          {replying && !review.ownerReply && (
            <Suspense fallback={<Skeleton className="mt-3 h-24 w-full" />}>
              <ReplyForm review={review} onDone={() => setReplying(false)} />
            </Suspense>
          )}
        </div>
      </article>
    </li>
  );
}

interface ReviewsSectionProps {
  agent: AgentDetail;
  actions: ReviewActions;
  /** Rating summary rendered above the list (the agents feature owns it). */
  summary: ReactNode;
}

export function ReviewsSection({ agent, actions, summary }: ReviewsSectionProps) {
  const queryClient = useQueryClient();
  const sortId = useId();
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<ReviewSort>('newest');
  const [voted, setVoted] = useState<ReadonlySet<number>>(new Set());
  const reviews = useDeferredResult(useAgentReviews(agent.id, page, sort));
  const data = reviews.data;
  const viewer = actions.viewer;

  // After a deletion the last page can disappear: step back to the last one that exists.
  useEffect(() => {
    if (data && data.totalPages > 0 && page > data.totalPages) setPage(data.totalPages);
  }, [data, page]);

  const vote = async (review: Review) => {
    setVoted((current) => new Set(current).add(review.id));
    try {
      const result = await markReviewHelpful(review.id);
      updateCachedReview(queryClient, {
        id: review.id,
        agentId: review.agentId,
        helpfulCount: result.helpfulCount,
      });
    } catch (error) {
      // 409: already voted, so the vote stays shown; anything else is undone.
      const alreadyVoted = isApiError(error) && error.status === 409;
      if (!alreadyVoted) {
        setVoted((current) => {
          const next = new Set(current);
          next.delete(review.id);
          return next;
        });
      }
      toast.error('Failed to mark review as helpful', {
        description: error instanceof Error ? error.message : undefined,
      });
    }
  };

  const ownReview = viewer?.reviewId ?? null;
  return (
    <Card className="p-6" id="reviews">
      <section aria-labelledby="reviews-title">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="reviews-title" className="text-lg font-semibold text-slate-900">
            Reviews
          </h2>
          <Button variant="outline" size="sm" onClick={actions.openWrite}>
            <MessageSquareText className="h-4 w-4" aria-hidden="true" />
            {ownReview ? 'Edit your review' : 'Write a review'}
          </Button>
        </div>
        <div className="mt-6">{summary}</div>

        <div className="mt-8 border-t border-slate-100 pt-6" aria-busy={reviews.isFetching}>
          {(data?.totalCount ?? 0) > 1 && (
            <div className="mb-5 flex items-center justify-end gap-2">
              <label htmlFor={sortId} className="text-sm font-medium whitespace-nowrap text-slate-700">
                Sort reviews
              </label>
              <Select
                id={sortId}
                value={sort}
                onChange={(event) => {
                  setSort(event.target.value as ReviewSort);
                  setPage(1);
                }}
                className="h-9 w-auto"
              >
                {sortOptions.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </Select>
            </div>
          )}
          {reviews.isPending ? (
            <div className="space-y-5" aria-hidden="true">
              {[0, 1, 2].map((row) => (
                <div key={row} className="space-y-2">
                  <Skeleton className="h-4 w-1/3" />
                  <Skeleton className="h-3 w-full" />
                  <Skeleton className="h-3 w-4/5" />
                </div>
              ))}
            </div>
          ) : reviews.isError ? (
            <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-red-700">
              <span>Reviews could not be loaded: {reviews.error.message}</span>
              <Button variant="outline" size="sm" onClick={() => void reviews.refetch()}>
                Try again
              </Button>
            </div>
          ) : data && data.reviews.length === 0 ? (
            <p className="text-sm text-slate-600">
              No reviews yet. Be the first to share how this agent worked for you.
            </p>
          ) : (
            <ul className="divide-y divide-slate-100" aria-label="Reviews list">
              {data?.reviews.map((review) => (
                <ReviewItem
                  key={review.id}
                  review={review}
                  own={ownReview === review.id}
                  canReply={viewer?.isOwner ?? false}
                  voted={voted.has(review.id)}
                  agentName={agent.name}
                  actions={actions}
                  onHelpful={() =>
                    actions.requireUser('Log in to mark reviews as helpful.', () => void vote(review))
                  }
                />
              ))}
            </ul>
          )}

          {data && data.totalPages > 1 && (
            <nav className="mt-6 flex items-center justify-between gap-3" aria-label="Reviews pages">
              <Button
                variant="outline"
                size="sm"
                disabled={page <= 1 || reviews.isFetching}
                onClick={() => setPage((current) => Math.max(1, current - 1))}
              >
                <ChevronLeft className="h-4 w-4" aria-hidden="true" />
                Previous
              </Button>
              <span className="text-sm text-slate-600" aria-live="polite">
                Page {data.currentPage} of {data.totalPages}
              </span>
              <Button
                variant="outline"
                size="sm"
                disabled={page >= data.totalPages || reviews.isFetching}
                onClick={() => setPage((current) => current + 1)}
              >
                Next
                <ChevronRight className="h-4 w-4" aria-hidden="true" />
              </Button>
            </nav>
          )}
        </div>
      </section>
    </Card>
  );
}
