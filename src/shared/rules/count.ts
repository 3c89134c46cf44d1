/**
 * Spec section 9: 1000 or more is one decimal plus K; 1,000,000 or more one decimal plus M ("1.0K", "1.0M").
 * A count that rounds to 1000.0K is shown as 1.0M.
 */
export function formatCount(value: number): string {
  const thousands = Math.round(value / 100) / 10;
  if (value >= 1_000_000 || thousands >= 1000) return `${(Math.round(value / 100_000) / 10).toFixed(1)}M`;
  if (value >= 1000) return `${thousands.toFixed(1)}K`;
  return String(value);
}
