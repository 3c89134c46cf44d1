import { keepPreviousData, queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import type { MetricsRange, ScoreResponse } from '../../../../shared/api/metrics.js';
import { queryKeys } from '../../../lib/query-keys.js';
import { request, withQuery } from '../../../lib/request.js';

interface ScoreParams {
  range: MetricsRange;
  agentId: number;
}

/** GET /api/metrics/score: the score taken apart, the rank in its category, the checklist and their history. */
export function getScore({ range, agentId }: ScoreParams, signal?: AbortSignal): Promise<ScoreResponse> {
  return request<ScoreResponse>(
    withQuery('/api/metrics/score', { agentId, range }),
    signal ? { signal } : {},
  );
}

export function scoreQueryOptions(params: ScoreParams) {
  return queryOptions({
    queryKey: queryKeys.metrics.score(params),
    queryFn: ({ signal }) => getScore(params, signal),
  });
}

export function useScore(params: ScoreParams | null) {
  return useQuery({
    ...scoreQueryOptions(params ?? { range: '30d', agentId: 0 }),
    staleTime: 0,
    placeholderData: keepPreviousData,
    enabled: params !== null,
  });
}

/** The breakdowns of several agents at once (the dashboard reads their checklists for what needs attention). */
export function useScores(agentIds: readonly number[], range: MetricsRange) {
  return useQueries({
    queries: agentIds.map((agentId) => ({ ...scoreQueryOptions({ range, agentId }), staleTime: 0 })),
  });
}
