import { format } from 'date-fns';
import { formatDate } from '../../../../shared/rules/date.js';

/** "MMM d, yyyy" (spec section 9) followed by the local time of day. */
export function formatDateTime(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return `${formatDate(date)} at ${format(date, 'h:mm a')}`;
}
