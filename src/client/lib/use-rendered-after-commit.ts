import { startTransition, useEffect, useState } from 'react';

/**
 * false on the first render, true from a transition right after it is committed. A long page shows
 * its top with the first and the rest with the second: React builds a transition in slices of a few
 * milliseconds between which the browser paints and answers input, where an update from the data (a
 * query resolving) is always built in one task, which held a slow phone's main thread for the whole
 * page (issue 15: the mobile blocking time, `npm run bench:web`).
 */
export function useRenderedAfterCommit(): boolean {
  const [rendered, setRendered] = useState(false);
  useEffect(() => startTransition(() => setRendered(true)), []);
  return rendered;
}
