import { ArrowLeft, Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../lib/use-document-title.js';
import { ButtonLink } from '../ui/button.js';

interface ComingSoonProps {
  title: string;
  description: string;
  /** What the finished page will let people do. */
  features: string[];
  icon?: ReactNode;
  backTo?: { href: string; label: string };
}

/** A designed placeholder for pages that later work completes; never a blank screen. */
export function ComingSoon({
  title,
  description,
  features,
  icon,
  backTo = { href: '/', label: 'Back to home' },
}: ComingSoonProps) {
  useDocumentTitle(title);
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <section
        aria-labelledby="coming-soon-title"
        className="overflow-hidden rounded-3xl border border-slate-200 bg-white shadow-sm"
      >
        <div className="bg-gradient-to-br from-brand-50 via-white to-sky-50 px-6 py-10 sm:px-10">
          <div
            className="flex h-12 w-12 items-center justify-center rounded-2xl bg-brand-600 text-white shadow-sm"
            aria-hidden="true"
          >
            {icon ?? <Sparkles className="h-6 w-6" />}
          </div>
          <p className="mt-6 inline-flex items-center rounded-full bg-amber-100 px-3 py-1 text-xs font-semibold tracking-wide text-amber-900 uppercase">
            Coming soon
          </p>
          <h1
            id="coming-soon-title"
            className="mt-3 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl"
          >
            {title}
          </h1>
          <p className="mt-3 max-w-2xl text-slate-600">{description}</p>
        </div>
        <div className="border-t border-slate-100 px-6 py-8 sm:px-10">
          <h2 className="text-sm font-semibold text-slate-900">What this page will do</h2>
          <ul className="mt-4 space-y-3">
            {features.map((feature) => (
              <li key={feature} className="flex gap-3 text-sm text-slate-700">
                <span className="mt-1.5 h-1.5 w-1.5 shrink-0 rounded-full bg-brand-600" aria-hidden="true" />
                {feature}
              </li>
            ))}
          </ul>
          <div className="mt-8 flex flex-wrap gap-3">
            <ButtonLink to={backTo.href} variant="outline">
              <ArrowLeft className="h-4 w-4" aria-hidden="true" />
              {backTo.label}
            </ButtonLink>
            <ButtonLink to="/agents" variant="ghost">
              Browse agents
            </ButtonLink>
          </div>
        </div>
      </section>
    </div>
  );
}
