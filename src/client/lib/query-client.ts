import { QueryClient, type QueryFunction, type QueryKey } from '@tanstack/react-query';
import { QUERY_GC_TIME_MS, QUERY_RETRY_LIMIT } from '../../shared/limits.js';
import { isRetryableCategory } from '../../shared/rules/error-classification.js';
import { isApiError, request, ResponseShapeError, withQuery } from './request.js';

type QueryParams = Record<string, string | number | boolean | null | undefined>;

function isParams(part: unknown): part is QueryParams {
  return typeof part === 'object' && part !== null && !Array.isArray(part);
}

/** A query key is a path: string and number parts are joined with "/", an object part becomes the query string. */
export function pathFromQueryKey(queryKey: QueryKey): string {
  const segments: string[] = [];
  let params: QueryParams = {};
  for (const part of queryKey) {
    if (typeof part === 'string' || typeof part === 'number') segments.push(String(part));
    else if (isParams(part)) params = { ...params, ...part };
  }
  const path = segments
    .map((segment, index) => (index === 0 ? segment : encodeURIComponent(segment)))
    .join('/');
  return withQuery(path, params);
}

/** Spec section 7: generic data queries are GET on the query key path. */
export const defaultQueryFn: QueryFunction = ({ queryKey, signal }) =>
  request<unknown>(pathFromQueryKey(queryKey), { signal });

/**
 * Spec section 8: authentication, authorization, validation and not-found errors are never retried; nor is
 * an answer of the wrong shape, which asking again would only repeat.
 */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && !isRetryableCategory(error.type)) return false;
  if (error instanceof ResponseShapeError) return false;
  return failureCount < QUERY_RETRY_LIMIT;
}

/** Spec section 9: never stale, kept 5 minutes unused, no focus or interval refetch; mutations never retry. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: defaultQueryFn,
        staleTime: Infinity,
        gcTime: QUERY_GC_TIME_MS,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: shouldRetryQuery,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
