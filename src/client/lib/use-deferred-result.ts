import { useDeferredValue } from 'react';

/**
 * A query's result for a part of a page that may follow its data by a moment (a section below the
 * card, a side panel). React Query hands a new result to React as an urgent update, which React builds
 * and commits in the one task that delivered the data: on a slow phone each section arriving was a
 * long task. Deferred, the urgent render keeps the result the part already shows and the new one is
 * built in the background, in slices of a few milliseconds (issue 15: the mobile blocking time).
 */
export function useDeferredResult<Result>(result: Result): Result {
  return useDeferredValue(result);
}
