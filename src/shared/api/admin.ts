import { z } from 'zod';
import { agentStatuses } from '../catalogue.js';
import {
  CATEGORY_DESCRIPTION_MAX,
  CATEGORY_NAME_MAX,
  REJECTION_REASON_MAX,
  REJECTION_REASON_MIN,
} from '../limits.js';
import { agentListingFieldsSchema } from './submissions.js';

/** The moderators' side: submissions queue, decisions, figures and categories (DESIGN section 2). */

/** One entry of GET /api/admin/submissions?status=pending: a new listing or an edit of a live one. */
export const adminSubmissionSchema = z.object({
  kind: z.enum(['new', 'revision']),
  agentId: z.number().int(),
  revisionId: z.number().int().nullable(),
  agent: z.object({
    id: z.number().int(),
    slug: z.string(),
    name: z.string(),
    status: z.enum(agentStatuses),
    verified: z.boolean(),
  }),
  owner: z.object({
    id: z.number().int(),
    displayName: z.string(),
    email: z.string(),
    githubLogin: z.string().nullable(),
  }),
  submittedAt: z.string(),
  /** The live listing, for a revision; null for a new submission. */
  current: agentListingFieldsSchema.nullable(),
  proposed: agentListingFieldsSchema,
  /** Names of the fields that differ between current and proposed (every field for a new one). */
  changedFields: z.array(z.string()),
  githubStars: z.number().int().nullable(),
});
export type AdminSubmission = z.infer<typeof adminSubmissionSchema>;

export const adminSubmissionListQuerySchema = z.object({
  status: z.enum(['pending'], { error: 'status must be pending' }).default('pending'),
});
export const adminSubmissionListSchema = z.object({ submissions: z.array(adminSubmissionSchema) });
export type AdminSubmissionList = z.infer<typeof adminSubmissionListSchema>;

/** POST /api/admin/agents/{id}/approve → approves the waiting submission or revision; 409 when none waits. */
export const approveResponseSchema = z.object({
  agentId: z.number().int(),
  status: z.literal('published'),
  kind: z.enum(['new', 'revision']),
});

/** POST /api/admin/agents/{id}/reject {reason} */
export const rejectSubmissionSchema = z.object({
  reason: z
    .string({ error: 'Give the owner a reason' })
    .trim()
    .min(REJECTION_REASON_MIN, `The reason must be at least ${REJECTION_REASON_MIN} characters`)
    .max(REJECTION_REASON_MAX, `The reason can have at most ${REJECTION_REASON_MAX} characters`),
});
export const rejectResponseSchema = z.object({
  agentId: z.number().int(),
  status: z.enum(agentStatuses),
  kind: z.enum(['new', 'revision']),
});

/** GET /api/admin/stats: totals now and day by day over the last 30 days. */
export const adminStatsSchema = z.object({
  users: z.object({ total: z.number().int(), last30Days: z.number().int() }),
  agents: z.object({
    pending: z.number().int(),
    published: z.number().int(),
    rejected: z.number().int(),
    verified: z.number().int(),
    pendingRevisions: z.number().int(),
    submittedLast30Days: z.number().int(),
  }),
  reviews: z.object({ total: z.number().int(), last30Days: z.number().int() }),
  reports: z.object({
    open: z.number().int(),
    last30Days: z.number().int(),
    resolvedLast30Days: z.number().int(),
  }),
  /** Oldest first, one entry per day (UTC), 30 entries. */
  daily: z.array(
    z.object({
      day: z.string(),
      users: z.number().int(),
      agents: z.number().int(),
      reviews: z.number().int(),
      reports: z.number().int(),
    }),
  ),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

/** Categories as admins manage them (GET /api/admin/categories). */
export const adminCategorySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  icon: z.string(),
  position: z.number().int(),
  /** Published agents (what visitors see). */
  agentCount: z.number().int(),
  /** Agents in any status: these block deletion. */
  totalAgents: z.number().int(),
});
export type AdminCategory = z.infer<typeof adminCategorySchema>;
export const adminCategoryListSchema = z.object({ categories: z.array(adminCategorySchema) });
export type AdminCategoryList = z.infer<typeof adminCategoryListSchema>;

const categoryName = z
  .string({ error: 'Name is required' })
  .trim()
  .min(2, 'Name must be at least 2 characters')
  .max(CATEGORY_NAME_MAX, `Name can have at most ${CATEGORY_NAME_MAX} characters`);
const categoryDescription = z
  .string()
  .trim()
  .max(CATEGORY_DESCRIPTION_MAX, `Description can have at most ${CATEGORY_DESCRIPTION_MAX} characters`);
const categoryIcon = z
  .string()
  .trim()
  .regex(/^[a-z0-9-]{1,40}$/, 'Choose an icon');

/** POST /api/admin/categories; the slug is made from the name when not given. */
export const createCategorySchema = z.object({
  name: categoryName,
  slug: z
    .string()
    .trim()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'The slug may use lowercase letters, digits and dashes')
    .max(80)
    .optional(),
  description: categoryDescription.default(''),
  icon: categoryIcon.default('tag'),
});
export type CreateCategory = z.input<typeof createCategorySchema>;

/** PUT /api/admin/categories/{id}: rename, describe, change icon or position. */
export const updateCategorySchema = z.object({
  name: categoryName.optional(),
  description: categoryDescription.optional(),
  icon: categoryIcon.optional(),
  position: z.number().int().min(0).max(10_000).optional(),
});
export type UpdateCategory = z.input<typeof updateCategorySchema>;

/** PUT /api/admin/categories/order {ids}: the full new order, first to last. */
export const reorderCategoriesSchema = z.object({
  ids: z.array(z.number().int().positive()).min(1).max(500),
});

/** DELETE /api/admin/categories/{id}?moveTo={slug}: 409 with the count when agents remain and no moveTo. */
export const deleteCategoryQuerySchema = z.object({
  moveTo: z
    .string()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'moveTo must be a category slug')
    .max(80)
    .optional(),
});
