import { AlertTriangle } from 'lucide-react';
import { Link } from 'react-router';
import type { StoredFile } from '../../../../shared/api/storage.js';
import { PendingButton } from '../../../components/ui/button.js';
import { DialogActions, DialogContent, DialogRoot } from '../../../components/ui/dialog.js';
import { paths } from '../../../paths.js';
import { useDeleteStoredFile } from '../api/delete-stored-file.js';

/** Confirms a deletion, and says plainly which listings lose their logo when the file is in use. */
export function DeleteStoredFileDialog({ file, onClose }: { file: StoredFile; onClose: () => void }) {
  const remove = useDeleteStoredFile();
  const inUse = file.usedBy.length > 0 || file.inDraft;
  return (
    <DialogRoot open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        heading="Delete this file?"
        description="The file is removed from storage. This cannot be undone."
      >
        {inUse && (
          <div role="alert" className="mt-4 flex gap-3 rounded-xl border border-amber-300 bg-amber-50 p-3">
            <AlertTriangle className="mt-0.5 h-5 w-5 shrink-0 text-amber-700" aria-hidden="true" />
            <div className="text-sm text-amber-900">
              {file.usedBy.length > 0 && (
                <>
                  <p className="font-medium">
                    {file.usedBy.length === 1
                      ? 'This agent loses its logo:'
                      : 'These agents lose their logo:'}
                  </p>
                  <ul className="mt-1 list-disc pl-5">
                    {file.usedBy.map((agent) => (
                      <li key={agent.id}>
                        <Link to={paths.agent.href(agent.slug)} className="underline underline-offset-2">
                          {agent.name}
                        </Link>
                      </li>
                    ))}
                  </ul>
                </>
              )}
              {file.inDraft && <p className={file.usedBy.length > 0 ? 'mt-2' : ''}>A draft uses it too.</p>}
            </div>
          </div>
        )}
        <DialogActions className="mt-6">
          <PendingButton
            variant="danger"
            pending={remove.isPending}
            pendingLabel="Deleting..."
            onClick={() => remove.mutate(file.id, { onSuccess: onClose })}
          >
            Delete file
          </PendingButton>
        </DialogActions>
      </DialogContent>
    </DialogRoot>
  );
}
