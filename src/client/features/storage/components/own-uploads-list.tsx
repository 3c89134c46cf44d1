import { Images, Trash2 } from 'lucide-react';
import { formatDate } from '../../../../shared/rules/date.js';
import { Badge } from '../../../components/ui/badge.js';
import { Button } from '../../../components/ui/button.js';
import { Card } from '../../../components/ui/card.js';
import { ListStates } from '../../../components/ui/list-states.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import { ButtonSpinner } from '../../../components/ui/spinner.js';
import { useDeleteUpload } from '../api/delete-upload.js';
import { useOwnUploads } from '../api/get-own-uploads.js';
import { formatBytes } from '../lib/format-bytes.js';

/** The signed-in person's own files; a file in use answers 409 and the server's message is shown. */
export function OwnUploadsList() {
  const uploads = useOwnUploads(true);
  const remove = useDeleteUpload();

  return (
    <section aria-labelledby="own-uploads-heading">
      <h2 id="own-uploads-heading" className="text-lg font-semibold text-slate-900">
        Your uploads
      </h2>
      <div className="mt-3">
        <ListStates
          query={uploads}
          loading={
            <div role="status" aria-label="Loading your uploads" className="space-y-2">
              <Skeleton className="h-16 rounded-xl" />
              <Skeleton className="h-16 rounded-xl" />
            </div>
          }
          failure={{ icon: <Images className="h-6 w-6" />, title: 'Failed to load your uploads' }}
          isEmpty={(data) => data.files.length === 0}
          empty={{
            icon: <Images className="h-6 w-6" />,
            title: 'No uploads yet',
            description: "Images you upload, here or as an agent's logo, are listed here.",
          }}
        >
          {(data) => (
            <Card>
              <ul className="divide-y divide-slate-100">
                {data.files.map((file) => {
                  const deleting = remove.isPending && remove.variables === file.id;
                  return (
                    <li key={file.id} className="flex items-center gap-3 p-3 text-sm">
                      <img
                        src={file.url}
                        alt={`Upload ${file.id}`}
                        width={48}
                        height={48}
                        loading="lazy"
                        className="h-12 w-12 shrink-0 rounded-lg bg-slate-100 object-cover ring-1 ring-slate-200"
                      />
                      <div className="min-w-0 flex-1">
                        <p className="text-slate-900">
                          {formatBytes(file.size)} · {file.width} × {file.height} px
                        </p>
                        <p className="flex flex-wrap items-center gap-2 text-slate-600">
                          {formatDate(file.createdAt)}
                          {file.inUse && <Badge tone="brand">In use</Badge>}
                        </p>
                      </div>
                      <Button
                        variant="outline"
                        size="sm"
                        disabled={deleting}
                        onClick={() => remove.mutate(file.id)}
                        aria-label={`Delete upload ${file.id}`}
                      >
                        {deleting ? (
                          <ButtonSpinner />
                        ) : (
                          <Trash2 className="h-4 w-4 text-red-600" aria-hidden="true" />
                        )}
                        <span className="hidden sm:inline">Delete</span>
                      </Button>
                    </li>
                  );
                })}
              </ul>
            </Card>
          )}
        </ListStates>
      </div>
    </section>
  );
}
