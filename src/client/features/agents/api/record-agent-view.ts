import { request } from '../../../lib/request.js';

/**
 * POST /api/agents/{id}/views (202): counts a view of the agent; the server counts one per visitor per day.
 * The answer is not read, and failures do not matter to the visitor.
 */
export async function recordAgentView(agentId: number): Promise<void> {
  try {
    await request<unknown>(`/api/agents/${agentId}/views`, { method: 'POST' });
  } catch {
    // A lost view count is not worth bothering anyone about.
  }
}
