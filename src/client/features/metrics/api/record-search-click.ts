import { request } from '../../../lib/request.js';
import { searchLimits } from '../lib/search-limits.js';

/** POST /api/agents/impressions/click (202): the agent was opened from the results of the search `q`. */
export async function recordSearchClick(q: string, agentId: number): Promise<void> {
  try {
    const limits = await searchLimits();
    if (q.length > limits.termMax) return;
    await request<unknown>('/api/agents/impressions/click', { method: 'POST', body: { q, agentId } });
  } catch {
    // Owners' search figures are best effort.
  }
}
