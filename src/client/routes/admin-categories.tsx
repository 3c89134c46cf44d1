import { AdminNav } from '../features/admin/components/admin-nav.js';
import { CategoryList } from '../features/categories/components/category-list.js';
import { CreateCategoryForm } from '../features/categories/components/create-category-form.js';
import { useDocumentTitle } from '../lib/use-document-title.js';

/** /admin/categories: the catalogue's categories, in order, with create, edit, reorder and delete. */
export function AdminCategoriesPage() {
  useDocumentTitle('Categories · Admin');
  return (
    <div className="mx-auto max-w-5xl px-4 py-6 sm:px-6">
      <AdminNav />
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900">Categories</h1>
      <p className="mt-2 text-slate-600">
        The order here is the order visitors see. A category with agents can only be deleted after moving
        them.
      </p>
      <div className="mt-6 space-y-6">
        <CreateCategoryForm />
        <CategoryList />
      </div>
    </div>
  );
}
