import { LayoutGrid } from 'lucide-react';
import { AgentGridSkeleton } from '../components/layout/page-skeleton.js';
import { ListStates } from '../components/ui/list-states.js';
import { useCategories } from '../lib/get-categories.js';
import { CategoryGrid } from '../features/categories/components/category-grid.js';
import { useDocumentTitle } from '../lib/use-document-title.js';

export function CategoriesPage() {
  useDocumentTitle('Categories');
  const categories = useCategories();
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Categories</h1>
      <p className="mt-2 text-slate-600">
        Every kind of AI agent in the directory, with how many agents each one holds.
      </p>
      <div className="mt-8">
        <ListStates
          query={categories}
          loading={<AgentGridSkeleton count={6} />}
          failure={{ title: "We couldn't load the categories" }}
          isEmpty={(data) => data.categories.length === 0}
          empty={{ icon: <LayoutGrid className="h-6 w-6" />, title: 'No categories yet' }}
        >
          {(data) => <CategoryGrid categories={data.categories} headingLevel={2} />}
        </ListStates>
      </div>
    </div>
  );
}
