import { Heart } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { AgentSummary, PricingModel } from '../../../../shared/api/agents.js';
import { formatCount } from '../../../../shared/rules/count.js';
import { RatingSummary } from '../../../components/rating-summary.js';
import { Avatar } from '../../../components/ui/avatar.js';
import { paths } from '../../../paths.js';
import { noteAgentInterest } from '../hooks/agent-interest.js';
import { TrustSummary } from './trust-summary.js';
import { VerifiedBadge } from './verified-badge.js';

/**
 * The same text as `pricingLabels` of shared/api/agents.ts, computed here because importing that module
 * evaluates its zod schemas and would add zod (about 25 KB gzipped) to the home page.
 */
function pricingText(pricing: PricingModel): string {
  return pricing.charAt(0).toUpperCase() + pricing.slice(1).replace('-', ' ');
}

interface AgentCardProps {
  agent: AgentSummary;
  headingLevel?: 2 | 3;
  /** A control above the card's link that replaces the plain favorites count (the route passes the heart). */
  favorite?: ReactNode;
}

/** A card in a listing; the whole card is one link, and hovering or focusing it marks interest for prefetching. */
export function AgentCard({ agent, headingLevel = 3, favorite }: AgentCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const markInterest = () => noteAgentInterest(agent);
  return (
    <article
      className="group relative flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm transition hover:-translate-y-0.5 hover:border-brand-200 hover:shadow-md focus-within:border-brand-300"
      onPointerEnter={markInterest}
      onFocus={markInterest}
    >
      <div className="flex items-start gap-3">
        <Avatar name={agent.name} imageUrl={agent.logoUrl} size={48} rounded="xl" />
        <div className="min-w-0 flex-1">
          <Heading className="flex items-center gap-1.5 text-base font-semibold text-slate-900">
            <Link
              to={paths.agent.href(agent.slug)}
              className="truncate after:absolute after:inset-0 after:rounded-2xl after:content-[''] focus-visible:outline-none"
            >
              {agent.name}
            </Link>
            {agent.verified && <VerifiedBadge compact />}
          </Heading>
          <p className="mt-0.5 truncate text-sm text-slate-600">{agent.category.name}</p>
        </div>
        <span
          className="shrink-0 rounded-lg bg-brand-50 px-2 py-1 text-xs font-semibold text-brand-700"
          title="Reputation score (0-100)"
        >
          <span className="sr-only">Reputation score </span>
          {Math.round(agent.reputationScore)}
        </span>
      </div>
      {/* The clamp sits inside the stretching box: a clamped box that stretches shows its hidden lines. */}
      <div className="mt-3 flex-1">
        <p className="line-clamp-2 text-sm text-slate-600">{agent.tagline}</p>
      </div>
      <TrustSummary slug={agent.slug} trust={agent.trust} compact className="mt-3" />
      <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-slate-600">
        <RatingSummary rating={agent.rating} />
        {favorite ?? (
          <span className="inline-flex items-center gap-1">
            <Heart className="h-4 w-4 text-rose-500" aria-hidden="true" />
            {formatCount(agent.favoritesCount)}
            <span className="sr-only">favorites</span>
          </span>
        )}
        <span className="ml-auto rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
          {pricingText(agent.pricing)}
        </span>
      </div>
    </article>
  );
}
