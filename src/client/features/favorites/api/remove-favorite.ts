import { request } from '../../../lib/request.js';

export function removeFavorite(favoriteId: number): Promise<unknown> {
  return request<unknown>(`/api/favorites/${favoriteId}`, { method: 'DELETE' });
}

export function removeFavoriteByAgent(agentId: number): Promise<unknown> {
  return request<unknown>(`/api/favorites/agent/${agentId}`, { method: 'DELETE' });
}
