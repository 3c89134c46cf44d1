import { FilePlus2, FileText, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { Draft } from '../../../../shared/api/submissions.js';
import { formatDate } from '../../../../shared/rules/date.js';
import {
  agentFormCompleteness,
  agentFormValuesFromDraft,
} from '../../../components/agent-form/agent-form-values.js';
import { Avatar } from '../../../components/ui/avatar.js';
import { Button, ButtonLink } from '../../../components/ui/button.js';
import { ListStates } from '../../../components/ui/list-states.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import { paths } from '../../../paths.js';
import { useDeleteDraft } from '../api/delete-draft.js';
import { useDrafts } from '../api/get-drafts.js';
import { DeleteDraftDialog } from './delete-draft-dialog.js';

function resumeHref(id: number) {
  return `${paths.submitAgent.href()}?draft=${id}`;
}

function DraftRow({ draft, onDelete }: { draft: Draft; onDelete: (draft: Draft) => void }) {
  const name = draft.name?.trim() || 'Untitled draft';
  const { done, total } = agentFormCompleteness(agentFormValuesFromDraft(draft));
  const percent = Math.round((done / total) * 100);
  return (
    <li className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-center sm:p-5">
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <Avatar name={name} imageUrl={draft.logoUrl} size={44} rounded="xl" />
        <div className="min-w-0 flex-1">
          <h2 className="truncate font-semibold text-slate-900">{name}</h2>
          {draft.tagline?.trim() && (
            <p className="mt-0.5 line-clamp-2 text-sm text-slate-600">{draft.tagline}</p>
          )}
          <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-slate-600">
            <span>Last saved {formatDate(draft.updatedAt)}</span>
            <span className="inline-flex items-center gap-2">
              <span
                className="h-1.5 w-16 overflow-hidden rounded-full bg-slate-200"
                role="progressbar"
                aria-label="Required fields filled in"
                aria-valuemin={0}
                aria-valuemax={total}
                aria-valuenow={done}
              >
                <span className="block h-full rounded-full bg-brand-600" style={{ width: `${percent}%` }} />
              </span>
              {done} of {total} required fields
            </span>
          </div>
        </div>
      </div>
      <div className="flex shrink-0 gap-2 sm:flex-col lg:flex-row">
        <ButtonLink to={resumeHref(draft.id)} size="sm" className="flex-1" aria-label={`Resume ${name}`}>
          <Pencil className="h-4 w-4" aria-hidden="true" />
          Resume
        </ButtonLink>
        <Button
          variant="outline"
          size="sm"
          className="flex-1"
          onClick={() => onDelete(draft)}
          aria-label={`Delete ${name}`}
        >
          <Trash2 className="h-4 w-4" aria-hidden="true" />
          Delete
        </Button>
      </div>
    </li>
  );
}

/** /my-drafts: the signed-in person's drafts, newest first, to resume or delete. */
export function DraftsList() {
  const drafts = useDrafts();
  const [toDelete, setToDelete] = useState<Draft | null>(null);
  const remove = useDeleteDraft({ onDeleted: () => setToDelete(null) });

  return (
    <ListStates
      query={drafts}
      loading={
        <ul className="space-y-3" aria-busy="true" aria-label="Loading drafts">
          {[0, 1, 2].map((index) => (
            <li key={index}>
              <Skeleton className="h-24 w-full rounded-2xl" />
            </li>
          ))}
        </ul>
      }
      failure={{ icon: <FileText className="h-6 w-6" />, title: 'Your drafts could not be loaded' }}
      isEmpty={(data) => data.drafts.length === 0}
      empty={{
        icon: <FileText className="h-6 w-6" />,
        title: 'No drafts yet',
        description:
          'Everything you type into the submission form is kept here as a draft until you submit it.',
        action: (
          <ButtonLink to={paths.submitAgent.href()}>
            <FilePlus2 className="h-4 w-4" aria-hidden="true" />
            Submit an agent
          </ButtonLink>
        ),
      }}
    >
      {(data) => (
        <>
          <ul className="space-y-3">
            {[...data.drafts]
              .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))
              .map((draft) => (
                <DraftRow key={draft.id} draft={draft} onDelete={setToDelete} />
              ))}
          </ul>
          <DeleteDraftDialog
            open={toDelete !== null}
            onOpenChange={(open) => !open && setToDelete(null)}
            pending={remove.isPending}
            draftName={toDelete?.name?.trim() || 'Untitled draft'}
            onConfirm={() => toDelete && remove.mutate(toDelete.id)}
          />
        </>
      )}
    </ListStates>
  );
}
