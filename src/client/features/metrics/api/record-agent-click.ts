import type { ClickTarget } from '../../../../shared/api/metrics.js';
import { request } from '../../../lib/request.js';

/**
 * POST /api/agents/{id}/clicks (202): counts a click on the agent's website, repository or docs link for
 * its owner's metrics. The link opens in a new tab, so the page is still here to send it; failures are
 * not the visitor's concern.
 */
export async function recordAgentClick(agentId: number, target: ClickTarget): Promise<void> {
  try {
    await request<unknown>(`/api/agents/${agentId}/clicks`, { method: 'POST', body: { target } });
  } catch {
    // A lost click count is not worth bothering anyone about.
  }
}
