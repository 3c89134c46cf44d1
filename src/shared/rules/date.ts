import { format } from 'date-fns';
import { DATE_FORMAT } from '../limits.js';

// Kept apart from count.ts so pages that only abbreviate counts (home, listings) do not load date-fns.

/** Spec section 9: "MMM d, yyyy". */
export function formatDate(value: string | number | Date): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return format(date, DATE_FORMAT);
}
