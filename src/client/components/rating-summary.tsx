import type { AgentSummary } from '../../shared/api/agents.js';
import { formatCount } from '../../shared/rules/count.js';
import { FilledStar } from './ui/star-rating.js';

/** A card's rating line: one star, the average (a dash before the first review) and the review count. */
export function RatingSummary({ rating }: { rating: AgentSummary['rating'] }) {
  return (
    <span className="inline-flex items-center gap-1">
      <FilledStar className="h-4 w-4" />
      <span className="font-medium text-slate-800">{rating.count > 0 ? rating.average.toFixed(1) : '–'}</span>
      <span>
        ({formatCount(rating.count)}
        <span className="sr-only"> reviews</span>)
      </span>
    </span>
  );
}
