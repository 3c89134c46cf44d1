import type { CSSProperties } from 'react';

/**
 * The variables `.defer-render-grid` (styles.css) turns into the height a section of cards is laid
 * out at until it comes near the viewport: its heading and the rows its cards fill at one, two and
 * three columns (the grids' `sm:grid-cols-2 lg:grid-cols-3`). A placeholder of the section's real
 * height keeps the scrollbar and the footer where they will be once the cards are drawn.
 */
export function deferredGridStyle(cards: number, rowRem: number): CSSProperties {
  return {
    '--grid-rows-1': cards,
    '--grid-rows-2': Math.ceil(cards / 2),
    '--grid-rows-3': Math.ceil(cards / 3),
    '--grid-row': `${rowRem}rem`,
  } as CSSProperties;
}
