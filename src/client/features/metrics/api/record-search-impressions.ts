import { request } from '../../../lib/request.js';
import { searchLimits } from '../lib/search-limits.js';

/**
 * POST /api/agents/impressions (202): the agents the first page of the search `q` showed. A term the server
 * would refuse (longer than its limit) is not sent.
 */
export async function recordSearchImpressions(q: string, agentIds: readonly number[]): Promise<void> {
  if (agentIds.length === 0) return;
  try {
    const limits = await searchLimits();
    if (q.length > limits.termMax) return;
    await request<unknown>('/api/agents/impressions', {
      method: 'POST',
      body: { q, agentIds: agentIds.slice(0, limits.impressionsMax) },
    });
  } catch {
    // Owners' search figures are best effort.
  }
}
