import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../lib/use-document-title.js';

interface InfoPageProps {
  title: string;
  intro: ReactNode;
  updated?: string;
  children: ReactNode;
}

/** Readable long-form pages: terms, privacy, verification promise. */
export function InfoPage({ title, intro, updated, children }: InfoPageProps) {
  useDocumentTitle(title);
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <header className="border-b border-slate-200 pb-8">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
        <div className="mt-4 text-lg text-slate-600">{intro}</div>
        {updated && <p className="mt-4 text-sm text-slate-600">Last updated {updated}</p>}
      </header>
      <div className="info-body mt-8 space-y-8 text-slate-700 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-slate-900 [&_li]:ml-5 [&_li]:list-disc [&_p]:leading-7 [&_section>*+*]:mt-3">
        {children}
      </div>
    </article>
  );
}
