import { ArrowLeft, SearchX } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useNavigate, useParams } from 'react-router';
import type { AgentDetail } from '../../shared/api/agents.js';
import { AgentDetailSkeleton, DescriptionCardSkeleton } from '../components/layout/page-skeleton.js';
import { Button, ButtonLink } from '../components/ui/button.js';
import { Card } from '../components/ui/card.js';
import { LoadFailure } from '../components/ui/load-failure.js';
import { useAgent } from '../features/agents/api/get-agent.js';
import { useSimilarAgents } from '../features/agents/api/get-similar-agents.js';
import { recordAgentView } from '../features/agents/api/record-agent-view.js';
import { recordAgentClick } from '../features/metrics/api/record-agent-click.js';
import type { ClickTarget } from '../../shared/api/metrics.js';
import { AgentDetailsPanel } from '../features/agents/components/agent-details-panel.js';
import { AgentProfileCard } from '../features/agents/components/agent-profile-card.js';
import { MarkdownDescription } from '../features/agents/components/markdown-description.js';
import { RatingDistribution } from '../features/agents/components/rating-distribution.js';
import { SimilarAgents } from '../features/agents/components/similar-agents.js';
import { HealthPanel } from '../features/probes/components/health-panel.js';
import { AdvisoryFlag, AdvisoryNotice } from '../features/advisories/components/advisory-notice.js';
import { ClaimsPanel } from '../features/claims/components/claims-panel.js';
import { RecordSection } from '../features/record/components/record-section.js';
import { BadgeEmbed } from '../features/badges/components/badge-embed.js';
import { FavoriteButton, renderFavoriteButton } from '../features/favorites/components/favorite-button.js';
import { useReportDialog } from '../features/reports/hooks/use-report-dialog.js';
import { ReviewsSection } from '../features/reviews/components/reviews-section.js';
import { useReviewActions, type ReviewActions } from '../features/reviews/hooks/use-review-actions.js';
import { useAuthSession } from '../lib/auth-session.js';
import { isApiError } from '../lib/request.js';
import { useDocumentTitle } from '../lib/use-document-title.js';
import { useDeferredResult } from '../lib/use-deferred-result.js';
import { useMarkdownHtml } from '../lib/markdown/render-markdown.js';
import { useScrollToHash } from '../lib/use-scroll-to-hash.js';
import { useStagedReveal } from '../lib/use-staged-reveal.js';
import { paths } from '../paths.js';

function BackButton() {
  const navigate = useNavigate();
  const goBack = () => {
    // Only step back inside the app; a visitor who arrived from elsewhere goes to the listing.
    const state: unknown = window.history.state;
    const index = typeof state === 'object' && state !== null && 'idx' in state ? Number(state.idx) : 0;
    if (index > 0) void navigate(-1);
    else void navigate(paths.agents.href());
  };
  return (
    <Button variant="ghost" size="sm" onClick={goBack} className="-ml-2">
      <ArrowLeft className="h-4 w-4" aria-hidden="true" />
      Back
    </Button>
  );
}

/**
 * A signed-in person's agent detail carries their viewer facts (ownership, own review). The page may have
 * been fetched, embedded or cached while signed out, so it is fetched once more for each signed-in user.
 */
function useViewerFacts(agent: ReturnType<typeof useAgent>, userId: number | null) {
  const asked = useRef<string | null>(null);
  const { data, isFetching, refetch } = agent;
  useEffect(() => {
    if (userId === null || !data || data.viewer || isFetching) return;
    const key = `${userId}:${data.id}`;
    if (asked.current === key) return;
    asked.current = key;
    void refetch();
  }, [userId, data, isFetching, refetch]);
}

/** Counts one view per mounted agent (StrictMode runs effects twice in development). */
function useRecordView(agentId: number | undefined) {
  const recorded = useRef<number | null>(null);
  useEffect(() => {
    if (agentId === undefined || recorded.current === agentId) return;
    recorded.current = agentId;
    void recordAgentView(agentId);
  }, [agentId]);
}

export function AgentDetailPage() {
  const { slug = '' } = useParams();
  const { user } = useAuthSession();
  const agent = useAgent(slug);
  useViewerFacts(agent, user?.id ?? null);
  useRecordView(agent.data?.id);
  useDocumentTitle(agent.data ? agent.data.name : agent.isError ? 'Agent not found' : null);

  if (agent.isPending) return <AgentDetailSkeleton />;

  if (agent.isError) {
    const notFound = isApiError(agent.error) && agent.error.type === 'not_found';
    return (
      <LoadFailure
        notFound={notFound}
        icon={<SearchX className="h-6 w-6" />}
        title={{ notFound: 'Agent not found', failed: "We couldn't load this agent" }}
        notFoundDescription="This agent does not exist or is no longer listed. It may have been renamed or removed."
        error={agent.error}
        actions={<ButtonLink to={paths.agents.href()}>Browse all agents</ButtonLink>}
        onRetry={() => void agent.refetch()}
      />
    );
  }

  // Keyed by the agent: another agent's page (a similar agent, already fetched) starts afresh, never
  // with the description or stages of the one before.
  return <AgentDetailView key={agent.data.id} agent={agent.data} />;
}

/** Apart from the page, so the similar agents arriving re-render only themselves. */
function SimilarToAgent({ agent }: { agent: AgentDetail }) {
  const similar = useDeferredResult(useSimilarAgents(agent.category.slug, agent.id));
  return <SimilarAgents agents={similar.data ?? []} renderFavorite={renderFavoriteButton} />;
}

function AgentDetailView({ agent: data }: { agent: AgentDetail }) {
  const descriptionHtml = useMarkdownHtml(data.description);
  // The card shows first; the description and the sections under it together once the description
  // is rendered (off the page's thread), so nothing under it moves as it arrives.
  const described = descriptionHtml !== null;
  // Then the side panels, then the similar agents, each committed on its own.
  const stage = useStagedReveal(2, described);
  // Links to #reviews (an owner's checklist, history, notifications) land on the reviews; those to
  // #health and #claims (the trust summary) on the side panels, which come with the first stage.
  useScrollToHash(stage >= 1);
  const report = useReportDialog();
  const reviewActions: ReviewActions = useReviewActions(data, { openReport: report.openReport });
  const onReport = () =>
    reviewActions.requireUser(`Log in to report ${data.name}.`, () =>
      report.openReport({ kind: 'agent', id: data.id, label: data.name }),
    );

  const onLinkClick = (target: ClickTarget) => void recordAgentClick(data.id, target);

  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6">
      <BackButton />
      <div className="mt-4">
        <AgentProfileCard
          agent={data}
          favorite={<FavoriteButton agent={data} variant="page" />}
          onWriteReview={reviewActions.openWrite}
          writeReviewLabel={reviewActions.viewer?.reviewId ? 'Edit your review' : 'Write a review'}
          onReport={onReport}
          onLinkClick={onLinkClick}
          notice={<AdvisoryFlag slug={data.slug} />}
        />
      </div>
      {described ? (
        <>
          <div className="mt-6 grid gap-6 lg:grid-cols-3">
            <div className="min-w-0 space-y-6 lg:col-span-2">
              <AdvisoryNotice slug={data.slug} />
              <Card className="p-6">
                <section aria-labelledby="description-title">
                  <h2 id="description-title" className="mb-4 text-lg font-semibold text-slate-900">
                    About {data.name}
                  </h2>
                  {data.description.trim() ? (
                    <MarkdownDescription html={descriptionHtml} />
                  ) : (
                    <p className="text-slate-600">{data.tagline}</p>
                  )}
                </section>
              </Card>
              {/* Laid out only when they come near the viewport: on a phone, below the fold. */}
              <div className="defer-render space-y-6 [--deferred-height:2000px]">
                <ReviewsSection
                  agent={data}
                  actions={reviewActions}
                  summary={<RatingDistribution rating={data.rating} />}
                />
                <RecordSection agentId={data.id} />
              </div>
            </div>
            {stage >= 1 && (
              <div className="defer-render min-w-0 space-y-6 [--deferred-height:2000px]">
                <AgentDetailsPanel agent={data} onLinkClick={onLinkClick} />
                <HealthPanel agent={data} />
                <ClaimsPanel agentId={data.id} isOwner={Boolean(data.viewer?.isOwner)} />
                <BadgeEmbed agent={data} />
              </div>
            )}
          </div>
          {stage >= 2 && <SimilarToAgent agent={data} />}
        </>
      ) : (
        // The description's place while it renders; tall enough to keep the footer below the fold.
        <div aria-hidden="true" className="mt-6 min-h-screen lg:w-2/3 lg:pr-4">
          <DescriptionCardSkeleton />
        </div>
      )}
      {reviewActions.dialogs}
      {report.dialog}
    </div>
  );
}
