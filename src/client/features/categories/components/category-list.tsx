import { Tags } from 'lucide-react';
import { useState } from 'react';
import type { AdminCategory } from '../../../../shared/api/categories.js';
import { Card } from '../../../components/ui/card.js';
import { ListStates } from '../../../components/ui/list-states.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import { useAdminCategories } from '../api/get-admin-categories.js';
import { useReorderCategories } from '../api/reorder-categories.js';
import { CategoryRow } from './category-row.js';
import { DeleteCategoryDialog } from './delete-category-dialog.js';

/** The categories in their public order, each editable in place. */
export function CategoryList() {
  const categories = useAdminCategories();
  const reorder = useReorderCategories();
  const [deleting, setDeleting] = useState<AdminCategory | null>(null);

  return (
    <ListStates
      query={categories}
      loading={
        <div role="status" aria-label="Loading categories" className="space-y-2">
          {Array.from({ length: 4 }, (_, index) => (
            <Skeleton key={index} className="h-20 rounded-2xl" />
          ))}
        </div>
      }
      failure={{ icon: <Tags className="h-6 w-6" />, title: 'Failed to load categories' }}
      isEmpty={(data) => data.categories.length === 0}
      empty={{
        icon: <Tags className="h-6 w-6" />,
        title: 'No categories yet',
        description: 'Create the first one with the form.',
      }}
    >
      {(data) => {
        const list = [...data.categories].sort((a, b) => a.position - b.position);
        return (
          <OrderedCategories
            list={list}
            onMove={(ids) => reorder.mutate(ids)}
            deleting={deleting}
            onDeletingChange={setDeleting}
          />
        );
      }}
    </ListStates>
  );
}

function OrderedCategories({
  list,
  onMove,
  deleting,
  onDeletingChange,
}: {
  list: AdminCategory[];
  onMove: (ids: number[]) => void;
  deleting: AdminCategory | null;
  onDeletingChange: (category: AdminCategory | null) => void;
}) {
  function move(index: number, direction: -1 | 1) {
    const ids = list.map((category) => category.id);
    const target = index + direction;
    const moved = ids[index];
    const swapped = ids[target];
    if (moved === undefined || swapped === undefined) return;
    ids[index] = swapped;
    ids[target] = moved;
    onMove(ids);
  }

  return (
    <>
      <p className="sr-only" aria-live="polite">
        {list.map((category) => category.name).join(', ')}
      </p>
      <Card>
        <ol aria-label="Categories in order" className="divide-y divide-slate-100">
          {list.map((category, index) => (
            <li key={category.id}>
              <CategoryRow
                category={category}
                isFirst={index === 0}
                isLast={index === list.length - 1}
                onMove={(direction) => move(index, direction)}
                onDelete={() => onDeletingChange(category)}
              />
            </li>
          ))}
        </ol>
      </Card>
      {deleting && (
        <DeleteCategoryDialog category={deleting} categories={list} onClose={() => onDeletingChange(null)} />
      )}
    </>
  );
}
