import type { ReactNode } from 'react';
import { Button } from './button.js';
import { EmptyState } from './empty-state.js';

/** What a list needs to know of its query (a TanStack query result, paged or not). */
interface ListQuery<T> {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  error: Error | null;
  data: T | undefined;
  refetch: () => Promise<unknown>;
}

interface StateText {
  icon?: ReactNode;
  title: string;
}

interface ListStatesProps<T> {
  query: ListQuery<T>;
  /** Stands in while the first answer is on its way (skeletons shaped like the list). */
  loading: ReactNode;
  /** The failure's title; its description is the error's own message, with "Try again". */
  failure: StateText;
  /** Whether the answer holds nothing to list. */
  isEmpty: (data: T) => boolean;
  empty: StateText & { description?: ReactNode; action?: ReactNode };
  /** Spacing of the failure and empty states, which stand where the list would. */
  className?: string;
  children: (data: T) => ReactNode;
}

/**
 * A list's four states in one place: loading, failed (the message and a way to try again), empty
 * (what would be here and how to get some), and the list itself.
 */
export function ListStates<T>({
  query,
  loading,
  failure,
  isEmpty,
  empty,
  className,
  children,
}: ListStatesProps<T>) {
  if (query.isPending) return loading;
  if (query.isError || query.data === undefined) {
    return (
      <EmptyState
        className={className}
        tone="error"
        icon={failure.icon}
        title={failure.title}
        description={query.error?.message}
        action={
          <Button onClick={() => void query.refetch()} disabled={query.isFetching}>
            Try again
          </Button>
        }
      />
    );
  }
  if (isEmpty(query.data)) {
    return (
      <EmptyState
        className={className}
        icon={empty.icon}
        title={empty.title}
        description={empty.description}
        action={empty.action}
      />
    );
  }
  return children(query.data);
}
