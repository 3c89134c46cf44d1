import { ChevronLeft, ChevronRight, MessageSquareText } from 'lucide-react';
import { useState } from 'react';
import type { AgentDetail } from '../../../../shared/api/agents.js';
import { formatDate } from '../../../../shared/rules/format.js';
import { Avatar } from '../../../components/ui/avatar.js';
import { Button } from '../../../components/ui/button.js';
import { Card } from '../../../components/ui/card.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import { StarRating } from '../../../components/ui/star-rating.js';
import { useAgentReviews } from '../api/get-agent-reviews.js';
import { RatingDistribution } from './rating-distribution.js';

interface ReviewsSectionProps {
  agent: AgentDetail;
  onWriteReview: () => void;
}

export function ReviewsSection({ agent, onWriteReview }: ReviewsSectionProps) {
  const [page, setPage] = useState(1);
  const reviews = useAgentReviews(agent.id, page);
  const data = reviews.data;

  return (
    <Card className="p-6" id="reviews">
      <section aria-labelledby="reviews-title">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="reviews-title" className="text-lg font-semibold text-slate-900">
            Reviews
          </h2>
          <Button variant="outline" size="sm" onClick={onWriteReview}>
            <MessageSquareText className="h-4 w-4" aria-hidden="true" />
            Write a review
          </Button>
        </div>
        <div className="mt-6">
          <RatingDistribution rating={agent.rating} />
        </div>

        <div className="mt-8 border-t border-slate-100 pt-6" aria-busy={reviews.isFetching}>
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
            <p role="alert" className="text-sm text-red-700">
              Reviews could not be loaded: {reviews.error.message}
            </p>
          ) : data && data.reviews.length === 0 ? (
            <p className="text-sm text-slate-600">
              No reviews yet. Be the first to share how this agent worked for you.
            </p>
          ) : (
            <ul className="divide-y divide-slate-100">
              {data?.reviews.map((review) => (
                <li key={review.id} className="py-5 first:pt-0">
                  <div className="flex items-start gap-3">
                    <Avatar name={review.author.displayName} size={36} />
                    <div className="min-w-0 flex-1">
                      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                        <span className="font-medium text-slate-900">{review.author.displayName}</span>
                        <StarRating value={review.rating} size={14} />
                        <time className="text-sm text-slate-600" dateTime={review.createdAt}>
                          {formatDate(review.createdAt)}
                        </time>
                      </div>
                      {review.title && <h3 className="mt-2 font-semibold text-slate-900">{review.title}</h3>}
                      <p className="mt-1 text-sm leading-6 whitespace-pre-line text-slate-700">
                        {review.body}
                      </p>
                      {review.ownerReply && (
                        <div className="mt-3 rounded-xl bg-slate-50 p-3 text-sm text-slate-700">
                          <p className="font-medium text-slate-900">Reply from the maker</p>
                          <p className="mt-1 whitespace-pre-line">{review.ownerReply.body}</p>
                        </div>
                      )}
                    </div>
                  </div>
                </li>
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
