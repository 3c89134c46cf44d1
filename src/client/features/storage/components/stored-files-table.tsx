import { Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import type { StoredFile } from '../../../../shared/api/storage.js';
import { formatDate } from '../../../../shared/rules/date.js';
import { Badge } from '../../../components/ui/badge.js';
import { Button } from '../../../components/ui/button.js';
import { paths } from '../../../paths.js';
import { formatBytes } from '../lib/format-bytes.js';

function UsedBy({ file }: { file: StoredFile }) {
  if (file.usedBy.length === 0 && !file.inDraft) {
    return file.orphan ? <Badge tone="warning">Orphan</Badge> : <span className="text-slate-500">None</span>;
  }
  return (
    <div className="flex flex-wrap items-center gap-1.5">
      {file.usedBy.map((agent) => (
        <Link
          key={agent.id}
          to={paths.agent.href(agent.slug)}
          className="font-medium text-brand-700 underline-offset-2 hover:underline"
        >
          {agent.name}
        </Link>
      ))}
      {file.inDraft && <Badge>In a draft</Badge>}
    </div>
  );
}

function Thumbnail({ file }: { file: StoredFile }) {
  return (
    <a href={file.url} target="_blank" rel="noreferrer" className="block shrink-0">
      <img
        src={file.url}
        alt={`File ${file.id}`}
        width={48}
        height={48}
        loading="lazy"
        className="h-12 w-12 rounded-lg bg-slate-100 object-cover ring-1 ring-slate-200"
      />
    </a>
  );
}

function Owner({ file }: { file: StoredFile }) {
  if (!file.owner) return <span className="text-slate-500">Deleted account</span>;
  return (
    <div className="min-w-0">
      <p className="font-medium text-slate-900">{file.owner.displayName}</p>
      <p className="break-all text-slate-600">{file.owner.email}</p>
    </div>
  );
}

/** A table from 768 px up; cards below, where eight columns cannot fit. */
export function StoredFilesTable({
  files,
  onDelete,
}: {
  files: StoredFile[];
  onDelete: (file: StoredFile) => void;
}) {
  return (
    <>
      <div className="hidden overflow-x-auto rounded-2xl border border-slate-200 bg-white md:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Stored files</caption>
          <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
            <tr>
              <th scope="col" className="px-4 py-3">
                File
              </th>
              <th scope="col" className="px-4 py-3">
                Size
              </th>
              <th scope="col" className="px-4 py-3">
                Owner
              </th>
              <th scope="col" className="px-4 py-3">
                Used by
              </th>
              <th scope="col" className="px-4 py-3">
                Created
              </th>
              <th scope="col" className="px-4 py-3">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {files.map((file) => (
              <tr key={file.id} className="align-middle">
                <td className="px-4 py-3">
                  <Thumbnail file={file} />
                </td>
                <td className="px-4 py-3 whitespace-nowrap text-slate-800">
                  {formatBytes(file.size)}
                  <span className="block text-xs text-slate-600">
                    {file.width} × {file.height} px
                  </span>
                </td>
                <td className="max-w-56 px-4 py-3">
                  <Owner file={file} />
                </td>
                <td className="px-4 py-3">
                  <UsedBy file={file} />
                </td>
                <td className="px-4 py-3 whitespace-nowrap text-slate-700">{formatDate(file.createdAt)}</td>
                <td className="px-4 py-3 text-right">
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() => onDelete(file)}
                    aria-label={`Delete file ${file.id}`}
                  >
                    <Trash2 className="h-4 w-4 text-red-600" aria-hidden="true" />
                    Delete
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="space-y-3 md:hidden" aria-label="Stored files">
        {files.map((file) => (
          <li key={file.id} className="rounded-2xl border border-slate-200 bg-white p-4 text-sm">
            <div className="flex items-start gap-3">
              <Thumbnail file={file} />
              <div className="min-w-0 flex-1">
                <p className="text-slate-900">
                  {formatBytes(file.size)} · {file.width} × {file.height} px
                </p>
                <p className="text-slate-600">{formatDate(file.createdAt)}</p>
              </div>
              <Button
                variant="outline"
                size="icon"
                onClick={() => onDelete(file)}
                aria-label={`Delete file ${file.id}`}
              >
                <Trash2 className="h-4 w-4 text-red-600" aria-hidden="true" />
              </Button>
            </div>
            <div className="mt-3 space-y-2">
              <Owner file={file} />
              <div>
                <p className="text-xs font-medium text-slate-600">Used by</p>
                <UsedBy file={file} />
              </div>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
