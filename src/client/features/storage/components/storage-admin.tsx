import { Eraser, FolderOpen } from 'lucide-react';
import { useState } from 'react';
import type { StoredFile } from '../../../../shared/api/storage.js';
import { Button } from '../../../components/ui/button.js';
import { EmptyState } from '../../../components/ui/empty-state.js';
import { CheckboxField } from '../../../components/ui/form-field.js';
import { Pagination } from '../../../components/ui/pagination.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import { ButtonSpinner } from '../../../components/ui/spinner.js';
import { useCleanUpStorage } from '../api/clean-up-storage.js';
import { useAdminStorage } from '../api/get-admin-storage.js';
import { DeleteStoredFileDialog } from './delete-stored-file-dialog.js';
import { StorageLimits } from './storage-limits.js';
import { StorageUsageFigures } from './storage-usage.js';
import { StoredFilesTable } from './stored-files-table.js';

interface StorageAdminProps {
  page: number;
  orphans: boolean;
  hrefFor: (options: { page: number; orphans: boolean }) => string;
  onOrphansChange: (orphans: boolean) => void;
}

/** Usage, limits, every stored file with what uses it, deletion and the orphan clean-up. */
export function StorageAdmin({ page, orphans, hrefFor, onOrphansChange }: StorageAdminProps) {
  const storage = useAdminStorage({ page, orphans });
  const cleanUp = useCleanUpStorage();
  const [deleting, setDeleting] = useState<StoredFile | null>(null);

  if (storage.isPending) {
    return (
      <div role="status" aria-label="Loading storage" className="space-y-4">
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          {Array.from({ length: 4 }, (_, index) => (
            <Skeleton key={index} className="h-24 rounded-2xl" />
          ))}
        </div>
        <Skeleton className="h-72 rounded-2xl" />
      </div>
    );
  }
  if (storage.isError) {
    return (
      <EmptyState
        tone="error"
        icon={<FolderOpen className="h-6 w-6" />}
        title="Failed to load storage"
        description={storage.error.message}
        action={<Button onClick={() => void storage.refetch()}>Try again</Button>}
      />
    );
  }

  const { usage, info, files, currentPage, totalPages, totalCount } = storage.data;
  return (
    <div className="space-y-6">
      <StorageUsageFigures usage={usage} />
      <div className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-700">
          {usage.removableCount === 0
            ? 'No orphan is old enough to remove.'
            : `${usage.removableCount} ${usage.removableCount === 1 ? 'orphan is' : 'orphans are'} older than a day.`}
        </p>
        <Button variant="outline" disabled={cleanUp.isPending} onClick={() => cleanUp.mutate()}>
          {cleanUp.isPending ? <ButtonSpinner /> : <Eraser className="h-4 w-4" aria-hidden="true" />}
          Remove orphans older than a day
        </Button>
      </div>

      <section aria-labelledby="stored-files-heading" className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="stored-files-heading" className="text-lg font-semibold text-slate-900">
            Files <span className="font-normal text-slate-600">({totalCount})</span>
          </h2>
          <CheckboxField checked={orphans} onCheckedChange={onOrphansChange}>
            Orphans only
          </CheckboxField>
        </div>
        {files.length === 0 ? (
          <EmptyState
            icon={<FolderOpen className="h-6 w-6" />}
            title={orphans ? 'No orphans' : 'No files stored yet'}
            description={
              orphans
                ? 'Every stored file is used by an agent or a draft.'
                : 'Logos uploaded by owners appear here.'
            }
          />
        ) : (
          <div aria-busy={storage.isPlaceholderData || undefined}>
            <StoredFilesTable files={files} onDelete={setDeleting} />
          </div>
        )}
        <Pagination
          currentPage={currentPage}
          totalPages={totalPages}
          hrefFor={(target) => hrefFor({ page: target, orphans })}
          label="Files pages"
        />
      </section>

      <StorageLimits info={info} />
      {deleting && <DeleteStoredFileDialog file={deleting} onClose={() => setDeleting(null)} />}
    </div>
  );
}
