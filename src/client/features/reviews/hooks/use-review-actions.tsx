import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useState, type ReactNode } from 'react';
import type { AgentDetail } from '../../../../shared/api/agents.js';
import type { Review } from '../../../../shared/api/reviews.js';
import { useAuthSession } from '../../../lib/auth-session.js';
import { clearReviewIntent, readReviewIntent } from '../../../lib/review-intent.js';
import { toast } from '../../../lib/toast.js';
import { useAuthDialog } from '../../../lib/auth-dialog.js';
import type { ReportTarget } from '../../../lib/report-target.js';
import { findAgentReview } from '../api/get-agent-reviews.js';
import { DeleteReviewDialog } from '../components/delete-review-dialog.js';

// The form validates with the shared zod schemas; it loads when first opened, never with the page.
const ReviewFormDialog = lazy(() => import('../components/review-form-dialog.js'));

export interface ReviewActions {
  /** The signed-in person's relation to the agent (absent when signed out or not known yet). */
  viewer: AgentDetail['viewer'];
  signedIn: boolean;
  /** "Write a review": sign in first (with the review intent), or edit the review the person already wrote. */
  openWrite: () => void;
  openEdit: (review: Review) => void;
  openDelete: (review: Review) => void;
  /** Reporting belongs to the reports feature: the page passes its dialog's opener in. */
  openReport: (target: ReportTarget) => void;
  /** Runs `action` now when signed in; otherwise opens the auth dialog and runs it after sign-in. */
  requireUser: (reason: string, action: () => void) => void;
  dialogs: ReactNode;
}

const OWN_AGENT_MESSAGE = 'You cannot review your own agent.';

export function useReviewActions(
  agent: AgentDetail,
  { openReport }: { openReport: (target: ReportTarget) => void },
): ReviewActions {
  const { user } = useAuthSession();
  const authDialog = useAuthDialog();
  const queryClient = useQueryClient();
  const viewer = user ? agent.viewer : undefined;
  const [form, setForm] = useState<{ review: Review | null; key: number } | null>(null);
  const [deleting, setDeleting] = useState<Review | null>(null);

  const openEdit = useCallback((review: Review) => setForm({ review, key: Date.now() }), []);
  const openDelete = useCallback((review: Review) => setDeleting(review), []);

  const startReview = useCallback(
    async (facts: AgentDetail['viewer']) => {
      if (facts?.isOwner) {
        toast.error(OWN_AGENT_MESSAGE);
        return;
      }
      if (facts?.reviewId) {
        const own = await findAgentReview(queryClient, agent.id, facts.reviewId).catch(() => null);
        if (own) return openEdit(own);
      }
      setForm({ review: null, key: Date.now() });
    },
    [queryClient, agent.id, openEdit],
  );

  const openWrite = useCallback(() => {
    if (user) return void startReview(viewer);
    authDialog.open({
      tab: 'login',
      reason: `Log in to write a review of ${agent.name}.`,
      reviewIntent: { agentId: agent.id, agentName: agent.name },
    });
  }, [user, viewer, startReview, authDialog, agent.id, agent.name]);

  // Spec section 4: after signing in with a review intent for this agent, the review form opens, once the
  // agent's viewer facts (own review, ownership) have arrived.
  useEffect(() => {
    if (!user || !viewer) return;
    const intent = readReviewIntent();
    if (intent?.agentId !== agent.id) return;
    clearReviewIntent();
    void startReview(viewer);
  }, [user, viewer, agent.id, startReview]);

  const requireUser = useCallback(
    (reason: string, action: () => void) => {
      if (user) return action();
      authDialog.open({ tab: 'login', reason, onSuccess: action });
    },
    [user, authDialog],
  );

  const dialogs = (
    <>
      {form && (
        <Suspense fallback={null}>
          <ReviewFormDialog
            key={form.key}
            agent={agent}
            review={form.review}
            open
            onOpenChange={(open) => !open && setForm(null)}
          />
        </Suspense>
      )}
      {deleting && (
        <DeleteReviewDialog
          agent={agent}
          review={deleting}
          open
          onOpenChange={(open) => !open && setDeleting(null)}
        />
      )}
    </>
  );

  return {
    viewer,
    signedIn: user !== null,
    openWrite,
    openEdit,
    openDelete,
    openReport,
    requireUser,
    dialogs,
  };
}
