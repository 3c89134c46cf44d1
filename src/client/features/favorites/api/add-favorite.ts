import type { Favorite } from '../../../../shared/api/favorites.js';
import { request } from '../../../lib/request.js';

/** POST /api/favorites: 201 with the new favorite, or 200 with the existing one. */
export function addFavorite(agentId: number): Promise<Favorite> {
  return request<Favorite>('/api/favorites', { method: 'POST', body: { agentId } });
}
