import { ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { FOOTER_CATEGORIES_MAX } from '../../../shared/limits.js';
import { useFilters } from '../../features/categories/api/get-filters.js';
import { NewsletterForm } from '../../features/newsletter/components/newsletter-form.js';
import { paths } from '../../paths.js';
import { SiteLogo } from './site-logo.js';

// Block with 2 px above and below: a 24 px touch target (WCAG 2.5.8) for the stacked links.
const linkClass =
  'inline-block py-0.5 text-sm text-slate-600 hover:text-slate-900 hover:underline underline-offset-2';

export function SiteFooter() {
  const filters = useFilters();
  const categories = (filters.data?.categories ?? []).slice(0, FOOTER_CATEGORIES_MAX);

  return (
    <footer className="defer-render mt-16 border-t border-slate-200 bg-white [--deferred-height:820px] md:[--deferred-height:490px] lg:[--deferred-height:360px]">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-2 lg:grid-cols-4">
        <div className="lg:col-span-1">
          <SiteLogo />
          <p className="mt-3 text-sm text-slate-600">
            The AI agent reputation platform: honest ratings, verified makers, and a directory you can trust.
          </p>
          <p className="mt-4 inline-flex items-start gap-2 text-sm text-slate-600">
            <ShieldCheck className="mt-0.5 h-4 w-4 shrink-0 text-brand-600" aria-hidden="true" />
            <span>
              Verification is powered by an identity verification provider.{' '}
              <Link
                to={paths.verificationPromise.href()}
                className="font-medium text-brand-700 hover:underline"
              >
                Our promise
              </Link>
            </span>
          </p>
        </div>
        <nav aria-label="Explore">
          <h2 className="text-sm font-semibold text-slate-900">Explore</h2>
          <ul className="mt-3 space-y-2">
            <li>
              <Link to={paths.agents.href()} className={linkClass}>
                All agents
              </Link>
            </li>
            <li>
              <Link to={paths.home.href({ verified: true })} className={linkClass}>
                Verified agents
              </Link>
            </li>
            <li>
              <Link to={paths.categories.href()} className={linkClass}>
                Categories
              </Link>
            </li>
            <li>
              <Link to={paths.submitAgent.href()} className={linkClass}>
                Submit an agent
              </Link>
            </li>
          </ul>
        </nav>
        <nav aria-label="Popular categories">
          <h2 className="text-sm font-semibold text-slate-900">Popular categories</h2>
          <ul className="mt-3 space-y-2">
            {categories.map((category) => (
              <li key={category.id}>
                <Link to={paths.agents.href({ category: category.slug })} className={linkClass}>
                  {category.name}
                </Link>
              </li>
            ))}
            {filters.isPending && <li className="text-sm text-slate-600">Loading categories...</li>}
            {filters.isError && (
              <li className="text-sm text-slate-600" role="alert">
                Failed to fetch filter options
              </li>
            )}
          </ul>
        </nav>
        <NewsletterForm />
      </div>
      <div className="border-t border-slate-100">
        <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-6 text-sm text-slate-600 sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <p>© {new Date().getFullYear()} AgentAtlas</p>
          <nav aria-label="Legal" className="flex gap-5">
            <Link to={paths.terms.href()} className={linkClass}>
              Terms of Service
            </Link>
            <Link to={paths.privacy.href()} className={linkClass}>
              Privacy Policy
            </Link>
          </nav>
        </div>
      </div>
    </footer>
  );
}
