import type { z } from 'zod';
import type { addFavoriteSchema, Favorite } from '../../../../shared/api/favorites.js';
import { request } from '../../../lib/request.js';

type AddFavorite = z.input<typeof addFavoriteSchema>;

/** POST /api/favorites: 201 with the new favorite, or 200 with the existing one. */
export function addFavorite(agentId: number): Promise<Favorite> {
  const body: AddFavorite = { agentId };
  return request<Favorite>('/api/favorites', { method: 'POST', body });
}
