import { z } from 'zod';
import { agentStatuses } from '../catalogue.js';
import { REJECTION_REASON_MAX, REJECTION_REASON_MIN } from '../limits.js';
import { agentListingFieldsSchema } from './submissions.js';

/** The moderators' side: submissions queue, decisions and figures. */

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
export const rejectSubmissionSchema = z.strictObject({
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
