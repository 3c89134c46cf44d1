import { z } from 'zod';
import { limitQuery, pagedSchema, pageQuery } from './paging.js';
import { agentEventKinds } from './submissions.js';

/** Everything that happened to the person's agents. */
export const historyKinds = [...agentEventKinds, 'review', 'reply', 'report_resolved'] as const;
export type HistoryKind = (typeof historyKinds)[number];

/** GET /api/history?page=&limit=&agentId=&kind= */
export const historyQuerySchema = z.object({
  page: pageQuery,
  limit: limitQuery(20, 100),
  agentId: z.coerce
    .number({ error: 'agentId must be an agent id' })
    .int('agentId must be an agent id')
    .positive('agentId must be an agent id')
    .max(2_147_483_647, 'agentId must be an agent id')
    .optional(),
  kind: z.enum(historyKinds, { error: `kind must be one of ${historyKinds.join(', ')}` }).optional(),
});
export type HistoryQuery = z.input<typeof historyQuerySchema>;

export const historyEventSchema = z.object({
  /** Unique within the list: the source and its row id, e.g. "event-12", "review-4", "reply-4", "report-9". */
  id: z.string(),
  agentId: z.number().int(),
  agentName: z.string(),
  kind: z.enum(historyKinds),
  message: z.string(),
  /** Who did it: owner, admin, system, or the reviewer's display name. */
  actor: z.string(),
  createdAt: z.string(),
  /** Extra field: the client path of what the event is about (agent page, review, status page). */
  link: z.string().optional(),
});
export type HistoryEvent = z.infer<typeof historyEventSchema>;

export const historyResponseSchema = pagedSchema('events', historyEventSchema);
export type HistoryResponse = z.infer<typeof historyResponseSchema>;
