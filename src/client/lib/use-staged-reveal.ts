import { startTransition, useEffect, useState } from 'react';

/**
 * How many of a long page's `stages` to show: none at first, then one more in a transition after each
 * commit, once `ready`. The top of the page shows with its data and the rest follows in parts: React
 * builds a transition in slices of a few milliseconds between which the browser paints and answers
 * input, and each part's commit stays short, where an update from the data (a query resolving) is
 * always built and committed in one task, which held a slow phone's main thread for the whole page
 * (issue 15: the mobile blocking time, `npm run bench:web`).
 */
export function useStagedReveal(stages: number, ready = true): number {
  const [shown, setShown] = useState(0);
  useEffect(() => {
    if (ready && shown < stages) startTransition(() => setShown(shown + 1));
  }, [ready, shown, stages]);
  return shown;
}
