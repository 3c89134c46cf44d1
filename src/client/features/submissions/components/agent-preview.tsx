import type { ReactNode } from 'react';
import { BookOpen, ExternalLink, Globe, Scale } from 'lucide-react';
import { pricingLabels } from '../../../../shared/catalogue.js';
import { formatCount } from '../../../../shared/rules/count.js';
import type { AgentFormValues } from '../../../components/agent-form/agent-form-values.js';
import { MarkdownPreview } from '../../../components/agent-form/markdown-preview.js';
import { Avatar } from '../../../components/ui/avatar.js';
import { GithubIcon } from '../../../components/ui/github-icon.js';
import { FilledStar } from '../../../components/ui/star-rating.js';

function PreviewLink({ href, label, icon }: { href: string; label: string; icon: ReactNode }) {
  return (
    <li>
      <a
        href={href}
        target="_blank"
        rel="noopener noreferrer nofollow"
        className="inline-flex items-center gap-2 text-sm font-medium break-all text-brand-700 hover:underline"
      >
        {icon}
        {label}
        <ExternalLink className="h-3.5 w-3.5 shrink-0" aria-hidden="true" />
      </a>
    </li>
  );
}

const safeHref = (value: string) => (/^https?:\/\//i.test(value.trim()) ? value.trim() : null);

/** The listing as visitors will see it: its card, then the page's description and links. */
export function AgentPreview({ values, categoryName }: { values: AgentFormValues; categoryName: string }) {
  const name = values.name.trim() || 'Untitled agent';
  const website = safeHref(values.websiteUrl);
  const repo = safeHref(values.repoUrl);
  const docs = safeHref(values.docsUrl);
  return (
    <div className="space-y-6">
      <section aria-labelledby="preview-card-heading">
        <h3 id="preview-card-heading" className="mb-2 text-sm font-medium text-slate-600">
          In listings
        </h3>
        <article className="max-w-sm rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
          <div className="flex items-start gap-3">
            <Avatar name={name} imageUrl={values.logo?.url ?? null} size={48} rounded="xl" />
            <div className="min-w-0 flex-1">
              <p className="truncate text-base font-semibold text-slate-900">{name}</p>
              <p className="mt-0.5 truncate text-sm text-slate-600">{categoryName || 'No category yet'}</p>
            </div>
          </div>
          <p className="mt-3 line-clamp-2 text-sm text-slate-600">
            {values.tagline.trim() || 'Your tagline appears here.'}
          </p>
          <div className="mt-4 flex flex-wrap items-center gap-2 text-sm text-slate-600">
            <span className="inline-flex items-center gap-1">
              <FilledStar className="h-4 w-4" />
              <span className="font-medium text-slate-800">–</span>
              <span aria-hidden="true">(0)</span>
              <span className="sr-only">No reviews yet</span>
            </span>
            {values.pricing && (
              <span className="ml-auto rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
                {pricingLabels[values.pricing]}
              </span>
            )}
          </div>
        </article>
      </section>

      <section
        aria-labelledby="preview-page-heading"
        className="rounded-2xl border border-slate-200 bg-white p-5 sm:p-6"
      >
        <h3 id="preview-page-heading" className="mb-4 text-sm font-medium text-slate-600">
          On its page
        </h3>
        <div className="flex items-start gap-4">
          <Avatar name={name} imageUrl={values.logo?.url ?? null} size={64} rounded="xl" />
          <div className="min-w-0">
            <p className="text-xl font-bold break-words text-slate-900">{name}</p>
            <p className="mt-1 text-slate-600">{values.tagline.trim()}</p>
          </div>
        </div>
        {values.tags.length > 0 && (
          <ul className="mt-4 flex flex-wrap gap-1.5" aria-label="Tags">
            {values.tags.map((tag) => (
              <li
                key={tag}
                className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700"
              >
                {tag}
              </li>
            ))}
          </ul>
        )}
        <div className="mt-6 border-t border-slate-200 pt-5">
          <MarkdownPreview markdown={values.description} emptyText="Your description appears here." />
        </div>
        {(website || repo || docs || values.license || values.githubStars !== null) && (
          <div className="mt-6 space-y-3 border-t border-slate-200 pt-5">
            <ul className="space-y-2">
              {website && (
                <PreviewLink
                  href={website}
                  label="Website"
                  icon={<Globe className="h-4 w-4" aria-hidden="true" />}
                />
              )}
              {repo && (
                <PreviewLink href={repo} label="Repository" icon={<GithubIcon className="h-4 w-4" />} />
              )}
              {docs && (
                <PreviewLink
                  href={docs}
                  label="Documentation"
                  icon={<BookOpen className="h-4 w-4" aria-hidden="true" />}
                />
              )}
            </ul>
            <p className="flex flex-wrap gap-4 text-sm text-slate-600">
              {values.license && (
                <span className="inline-flex items-center gap-1">
                  <Scale className="h-4 w-4" aria-hidden="true" /> {values.license}
                </span>
              )}
              {values.githubStars !== null && (
                <span className="inline-flex items-center gap-1">
                  <FilledStar className="h-4 w-4" />
                  {formatCount(values.githubStars)} stars on GitHub
                </span>
              )}
            </p>
          </div>
        )}
      </section>
    </div>
  );
}
