import { z } from 'zod';
import { ROW_ID_MAX } from '../limits.js';
import { agentSummarySchema } from './agents.js';

export const FAVORITE_TAGS_MAX = 10;
export const FAVORITE_TAG_MAX = 32;
export const FAVORITE_NOTES_MAX = 2000;

/** Spec section 3: Favorite (id, agentId, agent, createdAt; tags and notes). */
export const favoriteSchema = z.object({
  id: z.number().int(),
  agentId: z.number().int(),
  agent: agentSummarySchema,
  tags: z.array(z.string()),
  notes: z.string().nullable(),
  createdAt: z.string(),
});
export type Favorite = z.infer<typeof favoriteSchema>;

export const favoriteListSchema = z.object({ favorites: z.array(favoriteSchema) });
export type FavoriteList = z.infer<typeof favoriteListSchema>;

export const addFavoriteSchema = z.strictObject({
  agentId: z.coerce
    .number({ error: 'agentId must be an agent id' })
    .int('agentId must be an agent id')
    .positive('agentId must be an agent id')
    .max(ROW_ID_MAX, 'agentId must be an agent id'),
});

export const NOTHING_TO_UPDATE = 'Nothing to update: send tags, notes or both.';

/** PUT /api/favorites/{id}: `id` repeats the path's (spec section 7) and is otherwise ignored. */
export const updateFavoriteSchema = z
  .strictObject({
    id: z.number().int().optional(),
    tags: z
      .array(
        z
          .string()
          .trim()
          .toLowerCase()
          .min(1, 'A tag cannot be empty')
          .max(FAVORITE_TAG_MAX, `A tag can have at most ${FAVORITE_TAG_MAX} characters`),
      )
      .max(FAVORITE_TAGS_MAX, `At most ${FAVORITE_TAGS_MAX} tags`)
      .transform((tags) => [...new Set(tags)])
      .optional(),
    notes: z
      .string()
      .trim()
      .max(FAVORITE_NOTES_MAX, `Notes can have at most ${FAVORITE_NOTES_MAX} characters`)
      .nullish(),
  })
  // An empty change is a mistake worth naming, not a silent success: the client always sends both.
  .refine((changes) => changes.tags !== undefined || changes.notes !== undefined, {
    message: NOTHING_TO_UPDATE,
  });
export type UpdateFavorite = z.infer<typeof updateFavoriteSchema>;

export const favoriteCheckSchema = z.object({
  isFavorited: z.boolean(),
  favoriteId: z.number().int().nullable(),
});

/** /api/favorites/{id}: the favorite's id. */
export const favoriteIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(ROW_ID_MAX) });
/** /api/favorites/check/{agentId} and /api/favorites/agent/{agentId}: the agent's id. */
export const favoriteAgentParamsSchema = z.object({
  agentId: z.coerce.number().int().positive().max(ROW_ID_MAX),
});
