import { format } from 'date-fns';
import { DATE_FORMAT } from '../limits.js';

// Kept apart from count.ts so pages that only abbreviate counts (home, listings) do not load date-fns.

/** Spec section 9: "MMM d, yyyy". */
export function formatDate(value: string | number | Date): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return format(date, DATE_FORMAT);
}

/**
 * A moment with its time of day, for tooltips and delivery logs: the date as "MMM d, yyyy" (spec
 * section 9) and the local time. date-fns, not toLocaleString: the browser's first Intl call loads its
 * locale data, about 25 ms, which on a slow phone held the agent page's main thread (issue 15).
 */
export function formatDateTime(value: string | number | Date): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return format(date, `${DATE_FORMAT}, h:mm a`);
}
