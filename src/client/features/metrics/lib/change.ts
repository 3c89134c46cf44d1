/** Which way a figure moved. */
type Direction = 'up' | 'down' | 'same';

/** A count with separators, anything else with one decimal. */
export function formatFigure(value: number): string {
  return Number.isInteger(value) ? value.toLocaleString('en-US') : value.toFixed(1);
}

/**
 * The change of a figure against the previous period of the same length: a percentage when there was
 * something before, the plain difference otherwise (or always, for a rating).
 */
export function describeChange(
  current: number,
  previous: number,
  mode: 'percent' | 'difference' = 'percent',
): { text: string; direction: Direction } {
  const difference = Math.round((current - previous) * 10) / 10;
  if (difference === 0) return { text: 'No change', direction: 'same' };
  const direction = difference > 0 ? 'up' : 'down';
  const sign = difference > 0 ? '+' : '−';
  if (mode === 'difference' || previous === 0) {
    return { text: `${sign}${formatFigure(Math.abs(difference))}`, direction };
  }
  const percent = Math.round((Math.abs(current - previous) / previous) * 100);
  return { text: `${sign}${percent}%`, direction };
}
