import type { RatingSummary } from '../../../../shared/api/agents.js';
import { formatCount } from '../../../../shared/rules/count.js';
import { FilledStar, StarRating } from '../../../components/ui/star-rating.js';

/** Average, count and one bar per star value. */
export function RatingDistribution({ rating }: { rating: RatingSummary }) {
  const stars = [5, 4, 3, 2, 1] as const;
  return (
    <div className="flex flex-col gap-6 sm:flex-row sm:items-center">
      <div className="text-center sm:w-40">
        <p className="text-4xl font-bold text-slate-900">
          {rating.count > 0 ? rating.average.toFixed(1) : '–'}
        </p>
        <StarRating value={rating.average} className="mt-1" />
        <p className="mt-1 text-sm text-slate-600">
          {formatCount(rating.count)} {rating.count === 1 ? 'review' : 'reviews'}
        </p>
      </div>
      <ul className="flex-1 space-y-1.5" aria-label="Rating distribution">
        {stars.map((star) => {
          const count = rating.distribution[star];
          const percent = rating.count > 0 ? Math.round((count / rating.count) * 100) : 0;
          return (
            <li key={star} className="flex items-center gap-3 text-sm">
              <span className="inline-flex w-8 items-center gap-0.5 text-slate-700">
                {star}
                <FilledStar className="h-3.5 w-3.5" />
                <span className="sr-only">stars</span>
              </span>
              <span className="h-2.5 flex-1 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
                <span className="block h-full rounded-full bg-amber-400" style={{ width: `${percent}%` }} />
              </span>
              <span className="w-14 text-right text-slate-600">
                {formatCount(count)}
                <span className="sr-only"> reviews, {percent}%</span>
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
