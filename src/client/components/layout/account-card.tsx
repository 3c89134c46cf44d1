import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../lib/use-document-title.js';

interface AccountCardProps {
  title: string;
  description?: ReactNode;
  icon: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

/** The narrow centred card of the account recovery and verification pages. */
export function AccountCard({ title, description, icon, children, footer }: AccountCardProps) {
  useDocumentTitle(title);
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
      <section className="rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <div
          className="flex h-12 w-12 items-center justify-center rounded-2xl bg-brand-600 text-white shadow-sm"
          aria-hidden="true"
        >
          {icon}
        </div>
        <h1 className="mt-5 text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
        {description && <div className="mt-2 text-sm text-slate-600">{description}</div>}
        <div className="mt-6">{children}</div>
      </section>
      {footer && <div className="mt-6 text-center text-sm text-slate-600">{footer}</div>}
    </div>
  );
}
