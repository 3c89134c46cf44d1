import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { MetricsRange, MetricsResponse } from '../../../../shared/api/metrics.js';
import { queryKeys } from '../../../lib/query-keys.js';
import { request, withQuery } from '../../../lib/request.js';

interface MetricsParams {
  range: MetricsRange;
  /** One agent; all of the person's agents when absent. */
  agentId?: number | undefined;
}

/** GET /api/metrics: totals, the previous period's totals, one entry per day and each agent's totals. */
export function getMetrics(
  { range, agentId }: MetricsParams,
  signal?: AbortSignal,
): Promise<MetricsResponse> {
  return request<MetricsResponse>(withQuery('/api/metrics', { range, agentId }), signal ? { signal } : {});
}

export function metricsQueryOptions(params: MetricsParams) {
  return queryOptions({
    queryKey: queryKeys.metrics.summary({ range: params.range, agentId: params.agentId }),
    queryFn: ({ signal }) => getMetrics(params, signal),
  });
}

/**
 * The figures move while the page is open (today's count within seconds), so they are asked for again
 * when the page opens; switching the range keeps the last figures on screen until the new ones arrive.
 */
export function useMetrics(params: MetricsParams, options: { enabled?: boolean } = {}) {
  return useQuery({
    ...metricsQueryOptions(params),
    staleTime: 0,
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}
