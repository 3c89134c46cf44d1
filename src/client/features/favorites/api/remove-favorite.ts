import { request } from '../../../lib/request.js';

/** DELETE /api/favorites/{id}: answers 204. */
export async function removeFavorite(favoriteId: number): Promise<void> {
  await request<unknown>(`/api/favorites/${favoriteId}`, { method: 'DELETE' });
}

/** DELETE /api/favorites/agent/{agentId}: answers 204. */
export async function removeFavoriteByAgent(agentId: number): Promise<void> {
  await request<unknown>(`/api/favorites/agent/${agentId}`, { method: 'DELETE' });
}
