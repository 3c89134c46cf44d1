import { z } from 'zod';
import { ROW_ID_MAX } from '../limits.js';
import { APPEAL_MESSAGE_MAX, APPEAL_MESSAGE_MIN, appealStatuses, recordKinds } from '../trust.js';

/**
 * The public record of a listing: what happened to it, by whose decision, in order.
 * GET /api/agents/{idOrSlug}/record. Reports upheld are on it; who reported never is.
 */

export const recordEntrySchema = z.object({
  kind: z.enum(recordKinds),
  at: z.string(),
  summary: z.string(),
  /** Extra fields: a key unique in the list; and, for the listing's owner only, whether (and by which
   * event id) this decision can still be appealed. */
  id: z.string(),
  appealEventId: z.number().int().optional(),
});
export type RecordEntry = z.infer<typeof recordEntrySchema>;

export const agentRecordSchema = z.object({ entries: z.array(recordEntrySchema) });
export type AgentRecord = z.infer<typeof agentRecordSchema>;

/** POST /api/agents/{id}/appeals: the owner appeals one rejection or lapse, once. */
export const createAppealSchema = z.strictObject({
  eventId: z
    .number({ error: 'eventId must be the id of the decision appealed' })
    .int()
    .positive()
    .max(ROW_ID_MAX),
  message: z
    .string({ error: 'message is required' })
    .trim()
    .min(APPEAL_MESSAGE_MIN, `Tell the admins why, in at least ${APPEAL_MESSAGE_MIN} characters`)
    .max(APPEAL_MESSAGE_MAX, `message must be at most ${APPEAL_MESSAGE_MAX} characters`),
});
export type CreateAppealInput = z.input<typeof createAppealSchema>;

export const appealSchema = z.object({
  id: z.number().int(),
  agentId: z.number().int(),
  agentName: z.string(),
  agentSlug: z.string(),
  /** What is appealed: a rejection of the listing or the lapse of an ownership claim. */
  appealed: z.enum(['rejection', 'lapse']),
  /** The decision's own words: the rejection reason, or which claim lapsed. */
  decision: z.string().nullable(),
  message: z.string(),
  status: z.enum(appealStatuses),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  decisionNote: z.string().nullable(),
});
export type Appeal = z.infer<typeof appealSchema>;

export const appealListSchema = z.object({ appeals: z.array(appealSchema) });
export type AppealList = z.infer<typeof appealListSchema>;

/** GET /api/admin/appeals?status= */
export const appealListQuerySchema = z.object({
  status: z
    .enum(appealStatuses, { error: `status must be one of ${appealStatuses.join(', ')}` })
    .default('pending'),
});

/** POST /api/admin/appeals/{id}/decide */
export const decideAppealSchema = z.strictObject({
  outcome: z.enum(['upheld', 'denied'], { error: 'outcome must be upheld or denied' }),
  note: z
    .string()
    .trim()
    .max(APPEAL_MESSAGE_MAX, `note must be at most ${APPEAL_MESSAGE_MAX} characters`)
    .optional()
    .transform((note) => note || null),
});
export type DecideAppealInput = z.input<typeof decideAppealSchema>;

export const appealParamsSchema = z.object({ id: z.coerce.number().int().positive().max(ROW_ID_MAX) });
