import { FilePlus2 } from 'lucide-react';
import { ButtonLink } from '../components/ui/button.js';
import { DraftsList } from '../features/submissions/components/drafts-list.js';
import { useDocumentTitle } from '../lib/use-document-title.js';
import { paths } from '../paths.js';

export function MyDraftsPage() {
  useDocumentTitle('My Drafts');
  return (
    <div className="mx-auto max-w-3xl px-4 pb-16 sm:px-6">
      <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">My Drafts</h1>
          <p className="mt-1 text-slate-600">Submissions you started and have not sent for review yet.</p>
        </div>
        <ButtonLink to={paths.submitAgent.href()} variant="outline">
          <FilePlus2 className="h-4 w-4" aria-hidden="true" />
          New submission
        </ButtonLink>
      </div>
      <DraftsList />
    </div>
  );
}
