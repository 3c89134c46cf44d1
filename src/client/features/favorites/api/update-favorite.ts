import type { z } from 'zod';
import type { Favorite, updateFavoriteSchema } from '../../../../shared/api/favorites.js';
import { request } from '../../../lib/request.js';

/** What the favorites page edits: both fields are always sent, so the page can show them at once. */
export type FavoriteChanges = Pick<Favorite, 'tags' | 'notes'>;

type UpdateFavoriteBody = z.input<typeof updateFavoriteSchema>;

/** Spec section 7: PUT /api/favorites/{id} with id, tags, notes. */
export function updateFavorite(id: number, changes: FavoriteChanges): Promise<Favorite> {
  const body: UpdateFavoriteBody = { id, tags: changes.tags, notes: changes.notes };
  return request<Favorite>(`/api/favorites/${id}`, { method: 'PUT', body });
}
