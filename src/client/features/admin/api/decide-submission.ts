import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  AdminSubmission,
  approveResponseSchema,
  rejectResponseSchema,
  rejectSubmissionSchema,
} from '../../../../shared/api/admin.js';
import { queryKeys } from '../../../lib/query-keys.js';
import { isApiError, request } from '../../../lib/request.js';
import { toast } from '../../../lib/toast.js';

type ApproveResponse = z.infer<typeof approveResponseSchema>;
type RejectResponse = z.infer<typeof rejectResponseSchema>;
type RejectBody = z.input<typeof rejectSubmissionSchema>;
type DecisionResponse = ApproveResponse | RejectResponse;

/** POST /api/admin/agents/{id}/approve: publishes the waiting submission or revision. */
export function approveSubmission(agentId: number): Promise<ApproveResponse> {
  return request<ApproveResponse>(`/api/admin/agents/${agentId}/approve`, { method: 'POST' });
}

/** POST /api/admin/agents/{id}/reject {reason}: the reason reaches the owner. */
export function rejectSubmission(agentId: number, reason: string): Promise<RejectResponse> {
  const body: RejectBody = { reason };
  return request<RejectResponse>(`/api/admin/agents/${agentId}/reject`, { method: 'POST', body });
}

/**
 * After any decision the queue and the figures are fetched again. A 409 means another admin decided
 * first: the server's message says so, and the refetch shows the queue as it now is.
 */
function useDecision<V>(
  mutationFn: (variables: V) => Promise<DecisionResponse>,
  describe: (variables: V) => { success: string; failure: string; name: string },
  options: { toastValidation: boolean },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (_result, variables) => {
      const { success, name } = describe(variables);
      toast.success(success, { description: name });
    },
    onError: (error, variables) => {
      // A reason the server refuses is shown inline by the dialog, not as a toast.
      if (!options.toastValidation && isApiError(error) && error.status === 400 && error.details) return;
      const { failure } = describe(variables);
      toast.error(failure, { description: error.message });
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.submissions() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.stats() }),
      ]),
  });
}

export function useApproveSubmission() {
  return useDecision(
    (submission: AdminSubmission) => approveSubmission(submission.agentId),
    (submission) => ({
      success: submission.kind === 'revision' ? 'Edit approved' : 'Agent approved',
      failure: 'Failed to approve',
      name: submission.agent.name,
    }),
    { toastValidation: true },
  );
}

export function useRejectSubmission() {
  return useDecision(
    ({ submission, reason }: { submission: AdminSubmission; reason: string }) =>
      rejectSubmission(submission.agentId, reason),
    ({ submission }) => ({
      success: submission.kind === 'revision' ? 'Edit rejected' : 'Submission rejected',
      failure: 'Failed to reject',
      name: submission.agent.name,
    }),
    { toastValidation: false },
  );
}
