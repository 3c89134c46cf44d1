import { useSearchParams } from 'react-router';
import { AdminNav } from '../features/admin/components/admin-nav.js';
import { StorageAdmin } from '../features/storage/components/storage-admin.js';
import { withQuery } from '../lib/request.js';
import { useDocumentTitle } from '../lib/use-document-title.js';
import { paths } from '../paths.js';

function pageFrom(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

function storageHref({ page, orphans }: { page: number; orphans: boolean }) {
  return withQuery(paths.adminStorage.href(), {
    page: page > 1 ? page : undefined,
    orphans: orphans ? 'true' : undefined,
  });
}

/** /admin/storage: the page and the orphans filter live in the URL. */
export function AdminStoragePage() {
  useDocumentTitle('Storage · Admin');
  const [searchParams, setSearchParams] = useSearchParams();
  const page = pageFrom(searchParams.get('page'));
  const orphans = searchParams.get('orphans') === 'true';
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6">
      <AdminNav />
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900">Storage</h1>
      <p className="mt-2 text-slate-600">
        Uploaded logos, what uses them, and the clean-up of files nothing uses.
      </p>
      <div className="mt-6">
        <StorageAdmin
          page={page}
          orphans={orphans}
          hrefFor={storageHref}
          onOrphansChange={(next) => setSearchParams(next ? { orphans: 'true' } : {}, { replace: true })}
        />
      </div>
    </div>
  );
}
