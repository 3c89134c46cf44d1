import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ReportDecisionResponse, reportDecisionSchema } from '../../../../shared/api/reports.js';
import { queryKeys } from '../../../lib/query-keys.js';
import { request } from '../../../lib/request.js';
import { toast } from '../../../lib/toast.js';

export type ReportDecision = 'resolve' | 'dismiss';

type ReportDecisionBody = z.input<typeof reportDecisionSchema>;

/** POST /api/admin/reports/{id}/resolve|dismiss {note?} */
export function decideReport(id: number, decision: ReportDecision, note: string | null) {
  const body: ReportDecisionBody = { note };
  return request<ReportDecisionResponse>(`/api/admin/reports/${id}/${decision}`, { method: 'POST', body });
}

export function useDecideReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, note }: { id: number; decision: ReportDecision; note: string | null }) =>
      decideReport(id, decision, note),
    onSuccess: (_result, { decision }) => {
      toast.success(decision === 'resolve' ? 'Report resolved' : 'Report dismissed');
    },
    onError: (error, { decision }) => {
      toast.error(decision === 'resolve' ? 'Failed to resolve report' : 'Failed to dismiss report', {
        description: error.message,
      });
    },
    // The dashboard's figures count open reports too.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.reports.open() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.stats() }),
      ]),
  });
}
