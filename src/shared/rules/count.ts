function trimDecimal(value: number): string {
  return value.toFixed(1).replace(/\.0$/, '');
}

/** Spec section 9: 1000 or more is one decimal plus K; 1,000,000 or more one decimal plus M. */
export function formatCount(value: number): string {
  if (value >= 1_000_000) return `${trimDecimal(value / 1_000_000)}M`;
  if (value >= 1000) return `${trimDecimal(value / 1000)}K`;
  return String(value);
}
