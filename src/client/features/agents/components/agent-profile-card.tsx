import { ExternalLink, Flag, FolderGit2, ShieldCheck, Star } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { AgentDetail } from '../../../../shared/api/agents.js';
import type { ClickTarget } from '../../../../shared/api/metrics.js';
import { formatCount } from '../../../../shared/rules/count.js';
import { Avatar } from '../../../components/ui/avatar.js';
import { Button, buttonClasses } from '../../../components/ui/button.js';
import { Card } from '../../../components/ui/card.js';
import { StarRating } from '../../../components/ui/star-rating.js';
import { paths } from '../../../paths.js';
import { TrustSummary } from './trust-summary.js';
import { VerifiedBadge } from './verified-badge.js';

interface AgentProfileCardProps {
  agent: AgentDetail;
  /** The favorite button, composed by the route. */
  favorite: ReactNode;
  onWriteReview: () => void;
  /** "Edit your review" once the person has reviewed the agent. */
  writeReviewLabel?: string;
  onReport: () => void;
  /** Counts a followed website or repository link for the owner's metrics. */
  onLinkClick: (target: ClickTarget) => void;
  /** What must be seen before anything else (an advisory in force), composed by the route. */
  notice?: ReactNode;
}

export function AgentProfileCard({
  agent,
  favorite,
  onWriteReview,
  writeReviewLabel = 'Write a review',
  onReport,
  onLinkClick,
  notice,
}: AgentProfileCardProps) {
  return (
    <Card className="p-6 sm:p-8">
      <div className="flex flex-col gap-6 md:flex-row md:items-start">
        <Avatar name={agent.name} imageUrl={agent.logoUrl} size={88} rounded="xl" className="text-3xl" />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{agent.name}</h1>
            {agent.verified && <VerifiedBadge />}
          </div>
          <p className="mt-2 text-lg text-slate-600">{agent.tagline}</p>
          <div className="mt-4 flex flex-wrap items-center gap-x-5 gap-y-2 text-sm text-slate-600">
            <Link
              to={paths.agents.href({ category: agent.category.slug })}
              className="rounded-full bg-slate-100 px-3 py-1 font-medium text-slate-700 hover:bg-slate-200"
            >
              {agent.category.name}
            </Link>
            <span className="inline-flex items-center gap-2">
              <StarRating value={agent.rating.average} />
              <span className="font-semibold text-slate-900">
                {agent.rating.count > 0 ? agent.rating.average.toFixed(1) : '–'}
              </span>
              <a href="#reviews" className="underline-offset-2 hover:underline">
                {formatCount(agent.rating.count)} {agent.rating.count === 1 ? 'review' : 'reviews'}
              </a>
            </span>
            <span>by {agent.owner.displayName}</span>
          </div>
          <TrustSummary slug={agent.slug} trust={agent.trust} className="mt-3 text-sm" />
          {notice}
        </div>
        <div className="flex shrink-0 items-center gap-3 rounded-2xl border border-brand-100 bg-brand-50 px-5 py-4 md:flex-col md:gap-1 md:text-center">
          <ShieldCheck className="h-6 w-6 text-brand-700" aria-hidden="true" />
          <p className="text-3xl font-bold text-brand-800">{Math.round(agent.reputationScore)}</p>
          <p className="text-xs font-medium text-brand-800">
            <Link to={paths.verificationPromise.href()} className="underline-offset-2 hover:underline">
              Reputation score
            </Link>
          </p>
        </div>
      </div>

      <div className="mt-6 flex flex-wrap gap-3 border-t border-slate-100 pt-6">
        {agent.websiteUrl && (
          <a
            href={agent.websiteUrl}
            onClick={() => onLinkClick('website')}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className={buttonClasses('primary')}
          >
            <ExternalLink className="h-4 w-4" aria-hidden="true" />
            Visit website
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        )}
        {agent.repoUrl && (
          <a
            href={agent.repoUrl}
            onClick={() => onLinkClick('repository')}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className={buttonClasses('outline')}
          >
            <FolderGit2 className="h-4 w-4" aria-hidden="true" />
            Repository
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        )}
        {favorite}
        <Button variant="outline" onClick={onWriteReview}>
          <Star className="h-4 w-4 text-amber-500" aria-hidden="true" />
          {writeReviewLabel}
        </Button>
        <Button variant="ghost" onClick={onReport} className="sm:ml-auto">
          <Flag className="h-4 w-4" aria-hidden="true" />
          Report agent
        </Button>
      </div>
    </Card>
  );
}
