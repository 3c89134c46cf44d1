import { Compass } from 'lucide-react';
import { ButtonLink } from '../components/ui/button.js';
import { useDocumentTitle } from '../lib/use-document-title.js';
import { paths } from '../paths.js';

export function NotFoundPage() {
  useDocumentTitle('404 Page Not Found');
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <div
        className="flex h-14 w-14 items-center justify-center rounded-2xl bg-brand-50 text-brand-700"
        aria-hidden="true"
      >
        <Compass className="h-7 w-7" />
      </div>
      <h1 className="mt-6 text-3xl font-bold tracking-tight text-slate-900">404 Page Not Found</h1>
      <p className="mt-3 text-slate-600">
        The page you are looking for does not exist or has moved. Check the address, or head back to the
        directory.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <ButtonLink to={paths.home.href()}>Go to home</ButtonLink>
        <ButtonLink to={paths.agents.href()} variant="outline">
          Browse agents
        </ButtonLink>
      </div>
    </div>
  );
}
