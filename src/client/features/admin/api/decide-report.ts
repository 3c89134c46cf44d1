import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request.js';
import { toast } from '../../../lib/toast.js';
import { ADMIN_REPORTS_KEY } from './get-admin-reports.js';
import { ADMIN_STATS_KEY } from './get-admin-stats.js';

export type ReportDecision = 'resolve' | 'dismiss';

/** POST /api/admin/reports/{id}/resolve|dismiss {note?} */
export function decideReport(id: number, decision: ReportDecision, note: string | null) {
  return request<{ id: number; status: 'resolved' | 'dismissed' }>(`/api/admin/reports/${id}/${decision}`, {
    method: 'POST',
    body: { note },
  });
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
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ADMIN_REPORTS_KEY }),
        queryClient.invalidateQueries({ queryKey: ADMIN_STATS_KEY }),
      ]),
  });
}
