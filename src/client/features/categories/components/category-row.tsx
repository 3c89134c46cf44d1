import { ArrowDown, ArrowUp, Pencil, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { updateCategorySchema, type AdminCategory } from '../../../../shared/api/categories.js';
import { Button, PendingButton } from '../../../components/ui/button.js';
import { TextField } from '../../../components/ui/form-field.js';
import { serverFieldErrors, zodFieldErrors, type FieldErrors } from '../../../lib/form-errors.js';
import { isApiError } from '../../../lib/request.js';
import { useUpdateCategory } from '../api/update-category.js';
import { CategoryIcon } from '../../../components/category-icon.js';
import { CategoryDescriptionField } from './category-description-field.js';
import { CategoryIconPicker } from './category-icon-picker.js';
import { Tooltip } from '../../../components/ui/tooltip.js';

type Field = 'name' | 'description' | 'icon';

function EditCategoryForm({ category, onDone }: { category: AdminCategory; onDone: () => void }) {
  const [name, setName] = useState(category.name);
  const [description, setDescription] = useState(category.description);
  const [icon, setIcon] = useState(category.icon);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const update = useUpdateCategory();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = updateCategorySchema.safeParse({ name, description, icon });
    if (!parsed.success) {
      setErrors(zodFieldErrors<Field>(parsed.error));
      return;
    }
    setErrors({});
    update.mutate(
      { id: category.id, changes: parsed.data },
      {
        onSuccess: onDone,
        onError: (error) => {
          if (isApiError(error) && error.status === 400) setErrors(serverFieldErrors<Field>(error.details));
        },
      },
    );
  }

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="space-y-4"
      aria-label={`Edit ${category.name}`}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onDone();
      }}
    >
      <TextField label="Name" value={name} onValueChange={setName} error={errors.name} autoFocus />
      <CategoryDescriptionField
        value={description}
        onValueChange={setDescription}
        error={errors.description}
      />
      <CategoryIconPicker value={icon} onChange={setIcon} error={errors.icon} />
      <div className="flex flex-wrap gap-2">
        <PendingButton type="submit" size="sm" pending={update.isPending} pendingLabel="Saving...">
          Save
        </PendingButton>
        <Button size="sm" variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** One category: read mode with its actions, or the inline edit form. */
export function CategoryRow({
  category,
  isFirst,
  isLast,
  onMove,
  onDelete,
}: {
  category: AdminCategory;
  isFirst: boolean;
  isLast: boolean;
  onMove: (direction: -1 | 1) => void;
  onDelete: () => void;
}) {
  const [editing, setEditing] = useState(false);

  return (
    <div className="p-4">
      {editing ? (
        <EditCategoryForm category={category} onDone={() => setEditing(false)} />
      ) : (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <div className="flex min-w-0 flex-1 items-start gap-3">
            <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
              <CategoryIcon name={category.icon} className="h-5 w-5" />
            </span>
            <div className="min-w-0">
              <h3 className="font-semibold text-slate-900">{category.name}</h3>
              <p className="text-xs text-slate-600">/{category.slug}</p>
              {category.description ? (
                <p className="mt-1 text-sm text-slate-700">{category.description}</p>
              ) : (
                <p className="mt-1 text-sm text-slate-500 italic">No description</p>
              )}
              <p className="mt-1 text-xs text-slate-600">
                {category.agentCount} published · {category.totalAgents} total
              </p>
            </div>
          </div>
          <div className="flex flex-wrap gap-1.5 sm:justify-end">
            <Tooltip label="Move up">
              <Button
                variant="outline"
                size="icon"
                disabled={isFirst}
                onClick={() => onMove(-1)}
                aria-label={`Move ${category.name} up`}
              >
                <ArrowUp className="h-4 w-4" aria-hidden="true" />
              </Button>
            </Tooltip>
            <Tooltip label="Move down">
              <Button
                variant="outline"
                size="icon"
                disabled={isLast}
                onClick={() => onMove(1)}
                aria-label={`Move ${category.name} down`}
              >
                <ArrowDown className="h-4 w-4" aria-hidden="true" />
              </Button>
            </Tooltip>
            <Button variant="outline" onClick={() => setEditing(true)} aria-label={`Edit ${category.name}`}>
              <Pencil className="h-4 w-4" aria-hidden="true" />
              Edit
            </Button>
            <Button variant="outline" onClick={onDelete} aria-label={`Delete ${category.name}`}>
              <Trash2 className="h-4 w-4 text-red-600" aria-hidden="true" />
              Delete
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
