import { z } from 'zod';
import { reportReasons } from './reviews.js';

export const reportStatuses = ['open', 'resolved', 'dismissed'] as const;

/** An entry of the moderators' reports queue. */
export const adminReportSchema = z.object({
  id: z.number().int(),
  reason: z.enum(reportReasons),
  details: z.string().nullable(),
  status: z.enum(reportStatuses),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
  agent: z.object({ id: z.number().int(), slug: z.string(), name: z.string() }),
  review: z.object({ id: z.number().int(), body: z.string(), rating: z.number().int() }).nullable(),
  reporter: z.object({ displayName: z.string() }),
});
export type AdminReport = z.infer<typeof adminReportSchema>;

export const adminReportListQuerySchema = z.object({
  status: z.enum(reportStatuses, { error: 'status must be open, resolved or dismissed' }).default('open'),
});

export const adminReportListSchema = z.object({ reports: z.array(adminReportSchema) });

export const reportDecisionSchema = z.object({
  note: z
    .string()
    .trim()
    .max(500, 'The note can have at most 500 characters')
    .nullish()
    .transform((value) => value || null),
});
