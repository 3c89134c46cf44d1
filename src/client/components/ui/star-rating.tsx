import { Star } from 'lucide-react';
import { cn } from '../../lib/cn.js';

/** Five stars filled to the average, with a text alternative. */
export function StarRating({
  value,
  size = 16,
  className,
}: {
  value: number;
  size?: number;
  className?: string;
}) {
  const rounded = Math.round(value * 2) / 2;
  return (
    <span
      className={cn('inline-flex items-center gap-0.5', className)}
      role="img"
      aria-label={`Rated ${value.toFixed(1)} out of 5`}
    >
      {[1, 2, 3, 4, 5].map((star) => {
        const fill = rounded >= star ? 1 : rounded >= star - 0.5 ? 0.5 : 0;
        return (
          <span
            key={star}
            className="relative inline-block"
            style={{ width: size, height: size }}
            aria-hidden="true"
          >
            <Star
              className="absolute inset-0 text-slate-300"
              style={{ width: size, height: size }}
              fill="currentColor"
              strokeWidth={0}
            />
            {fill > 0 && (
              <span className="absolute inset-0 overflow-hidden" style={{ width: size * fill }}>
                <Star
                  className="text-amber-400"
                  style={{ width: size, height: size }}
                  fill="currentColor"
                  strokeWidth={0}
                />
              </span>
            )}
          </span>
        );
      })}
    </span>
  );
}

/** One solid amber star beside a number (a rating, GitHub stars); decorative, the text says what it counts. */
export function FilledStar({ className }: { className: string }) {
  return (
    <Star
      className={cn(className, 'text-amber-500')}
      fill="currentColor"
      strokeWidth={0}
      aria-hidden="true"
    />
  );
}
