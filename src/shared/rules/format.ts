import { format } from 'date-fns';
import { DATE_FORMAT } from '../limits.js';

function trimDecimal(value: number): string {
  return value.toFixed(1).replace(/\.0$/, '');
}

/** Spec section 9: 1000 or more is one decimal plus K; 1,000,000 or more one decimal plus M. */
export function formatCount(value: number): string {
  if (value >= 1_000_000) return `${trimDecimal(value / 1_000_000)}M`;
  if (value >= 1000) return `${trimDecimal(value / 1000)}K`;
  return String(value);
}

/** Spec section 9: "MMM d, yyyy". */
export function formatDate(value: string | number | Date): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return format(date, DATE_FORMAT);
}
