import { z } from 'zod';
import { ROW_ID_MAX } from '../limits.js';

export const REPORT_DETAILS_MAX = 1000;

export const reportReasons = [
  'spam',
  'misleading',
  'offensive',
  'malware',
  'impersonation',
  'other',
] as const;
export const reportReasonLabels: Record<(typeof reportReasons)[number], string> = {
  spam: 'Spam or advertising',
  misleading: 'Misleading or false information',
  offensive: 'Offensive or abusive content',
  malware: 'Malware, scam or security risk',
  impersonation: 'Impersonation or stolen work',
  other: 'Something else',
};

export const reportSchema = z.strictObject({
  reason: z.enum(reportReasons, { error: 'Choose a reason' }),
  details: z
    .string()
    .trim()
    .max(REPORT_DETAILS_MAX, `Details can have at most ${REPORT_DETAILS_MAX} characters`)
    .nullish()
    .transform((value) => value || null),
});

/** POST /api/agents/{id}/report and POST /api/reviews/{id}/report: the target's id. */
export const reportTargetParamsSchema = z.object({ id: z.coerce.number().int().positive().max(ROW_ID_MAX) });
export type ReportInput = z.input<typeof reportSchema>;

export const reportResponseSchema = z.object({ id: z.number().int(), status: z.literal('open') });
export type ReportResponse = z.infer<typeof reportResponseSchema>;

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

export const reportDecisionSchema = z.strictObject({
  note: z
    .string()
    .trim()
    .max(500, 'The note can have at most 500 characters')
    .nullish()
    .transform((value) => value || null),
});

export const reportIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(ROW_ID_MAX) });

export const reportDecisionResponseSchema = z.object({
  id: z.number().int(),
  status: z.enum(['resolved', 'dismissed']),
});
export type ReportDecisionResponse = z.infer<typeof reportDecisionResponseSchema>;
