import { BookOpen, ExternalLink, FolderGit2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { AgentDetail } from '../../../../shared/api/agents.js';
import type { ClickTarget } from '../../../../shared/api/metrics.js';
import { pricingLabels } from '../../../../shared/catalogue.js';
import { formatCount } from '../../../../shared/rules/count.js';
import { formatDate } from '../../../../shared/rules/date.js';
import { Card } from '../../../components/ui/card.js';
import { paths } from '../../../paths.js';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-start justify-between gap-4 py-2.5">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="text-right text-sm font-medium text-slate-900">{children}</dd>
    </div>
  );
}

function hostOf(url: string): string {
  try {
    return new URL(url).host.replace(/^www\./, '');
  } catch {
    return url;
  }
}

/** `onLinkClick` counts a followed link for the owner's metrics (the route hands in the beacon). */
export function AgentDetailsPanel({
  agent,
  onLinkClick,
}: {
  agent: AgentDetail;
  onLinkClick: (target: ClickTarget) => void;
}) {
  const candidates: Array<{ url: string | null; label: string; target: ClickTarget; icon: ReactNode }> = [
    {
      url: agent.websiteUrl,
      label: 'Website',
      target: 'website',
      icon: <ExternalLink className="h-4 w-4" aria-hidden="true" />,
    },
    {
      url: agent.repoUrl,
      label: 'Repository',
      target: 'repository',
      icon: <FolderGit2 className="h-4 w-4" aria-hidden="true" />,
    },
    {
      url: agent.docsUrl,
      label: 'Documentation',
      target: 'docs',
      icon: <BookOpen className="h-4 w-4" aria-hidden="true" />,
    },
  ];
  const links = candidates.flatMap((link) => (link.url ? [{ ...link, url: link.url }] : []));

  return (
    <Card className="p-6">
      <section aria-labelledby="details-title">
        <h2 id="details-title" className="text-lg font-semibold text-slate-900">
          Details
        </h2>
        <dl className="mt-3 divide-y divide-slate-100">
          <Row label="Pricing">{pricingLabels[agent.pricing]}</Row>
          <Row label="Category">
            <Link
              to={paths.agents.href({ category: agent.category.slug })}
              className="text-brand-700 hover:underline"
            >
              {agent.category.name}
            </Link>
          </Row>
          <Row label="Verified">{agent.verified ? 'Yes' : 'Not yet'}</Row>
          <Row label="Views">{formatCount(agent.viewsCount)}</Row>
          <Row label="Favorites">{formatCount(agent.favoritesCount)}</Row>
          <Row label="Listed">
            <time dateTime={agent.createdAt}>{formatDate(agent.createdAt)}</time>
          </Row>
          <Row label="Updated">
            <time dateTime={agent.updatedAt}>{formatDate(agent.updatedAt)}</time>
          </Row>
        </dl>

        {agent.tags.length > 0 && (
          <div className="mt-5">
            <h3 className="text-sm font-semibold text-slate-900">Tags</h3>
            <ul className="mt-2 flex flex-wrap gap-2">
              {agent.tags.map((tag) => (
                <li key={tag}>
                  <Link
                    to={paths.agents.href({ q: tag })}
                    className="inline-block rounded-full bg-slate-100 px-2.5 py-1 text-xs font-medium text-slate-700 hover:bg-slate-200"
                  >
                    #{tag}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        )}

        {links.length > 0 && (
          <div className="mt-5">
            <h3 className="text-sm font-semibold text-slate-900">Links</h3>
            <ul className="mt-2 space-y-2">
              {links.map((link) => (
                <li key={link.label}>
                  <a
                    href={link.url}
                    onClick={() => onLinkClick(link.target)}
                    target="_blank"
                    rel="noopener noreferrer nofollow"
                    className="inline-flex items-center gap-2 text-sm text-brand-700 hover:underline"
                  >
                    {link.icon}
                    <span>
                      {link.label}: {hostOf(link.url)}
                    </span>
                  </a>
                </li>
              ))}
            </ul>
          </div>
        )}
      </section>
    </Card>
  );
}
