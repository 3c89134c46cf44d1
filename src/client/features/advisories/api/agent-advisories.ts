import { useQuery } from '@tanstack/react-query';
import type { AdvisoryList } from '../../../../shared/api/advisories.js';
import { queryKeys } from '../../../lib/query-keys.js';
import { request } from '../../../lib/request.js';

/** GET /api/advisories?affects=<slug>: the advisories naming the agent, newest first. */
export function useAgentAdvisories(slug: string) {
  return useQuery({
    queryKey: queryKeys.advisories.ofAgent(slug),
    queryFn: ({ signal }) =>
      request<AdvisoryList>(`/api/advisories?${new URLSearchParams({ affects: slug })}`, { signal }),
    staleTime: 60_000,
  });
}
