import type { z } from 'zod';
import type { reportReasons, reportResponseSchema, reportSchema } from '../../../../shared/api/reports.js';
import { request } from '../../../lib/request.js';
import type { ReportTarget } from '../../../lib/report-target.js';

export type ReportReason = (typeof reportReasons)[number];
export type ReportInput = z.input<typeof reportSchema>;
export type ReportResponse = z.infer<typeof reportResponseSchema>;

/** POST /api/reviews/{id}/report or /api/agents/{id}/report {reason, details}: 201 with the open report. */
export function createReport(target: ReportTarget, input: ReportInput): Promise<ReportResponse> {
  const path =
    target.kind === 'review' ? `/api/reviews/${target.id}/report` : `/api/agents/${target.id}/report`;
  return request<ReportResponse>(path, { method: 'POST', body: input });
}
