import { AdminNav } from '../features/admin/components/admin-nav.js';
import { RegistrySyncAdmin } from '../features/imports/components/registry-sync-admin.js';
import { useDocumentTitle } from '../lib/use-document-title.js';

/** /admin/registry: the MCP registry sync and the servers it found. */
export function AdminRegistryPage() {
  useDocumentTitle('MCP registry · Admin');
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6">
      <AdminNav />
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900">MCP registry</h1>
      <p className="mt-2 text-slate-600">
        Keep imported listings in step with the official MCP registry, and find servers worth listing.
      </p>
      <div className="mt-6">
        <RegistrySyncAdmin />
      </div>
    </div>
  );
}
