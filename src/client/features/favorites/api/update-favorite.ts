import type { Favorite } from '../../../../shared/api/favorites.js';
import { request } from '../../../lib/request.js';

export interface FavoriteChanges {
  tags: string[];
  notes: string | null;
}

/** Spec section 7: PUT /api/favorites/{id} with id, tags, notes. */
export function updateFavorite(id: number, changes: FavoriteChanges): Promise<Favorite> {
  return request<Favorite>(`/api/favorites/${id}`, {
    method: 'PUT',
    body: { id, tags: changes.tags, notes: changes.notes },
  });
}
