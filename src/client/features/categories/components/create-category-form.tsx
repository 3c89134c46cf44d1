import { Plus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { createCategorySchema } from '../../../../shared/api/categories.js';
import { Button } from '../../../components/ui/button.js';
import { Card } from '../../../components/ui/card.js';
import { TextField } from '../../../components/ui/form-field.js';
import { ButtonSpinner } from '../../../components/ui/spinner.js';
import { serverFieldErrors, zodFieldErrors, type FieldErrors } from '../../../lib/form-errors.js';
import { isApiError } from '../../../lib/request.js';
import { useCreateCategory } from '../api/create-category.js';
import { CategoryDescriptionField } from './category-description-field.js';
import { CategoryIconPicker } from './category-icon-picker.js';

type Field = 'name' | 'slug' | 'description' | 'icon';

export function CreateCategoryForm() {
  const [name, setName] = useState('');
  const [slug, setSlug] = useState('');
  const [description, setDescription] = useState('');
  const [icon, setIcon] = useState('tag');
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const create = useCreateCategory();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const input = { name, description, icon, ...(slug.trim() ? { slug: slug.trim() } : {}) };
    const parsed = createCategorySchema.safeParse(input);
    if (!parsed.success) {
      setErrors(zodFieldErrors<Field>(parsed.error));
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: () => {
        setName('');
        setSlug('');
        setDescription('');
        setIcon('tag');
      },
      onError: (error) => {
        if (isApiError(error) && error.status === 400) setErrors(serverFieldErrors<Field>(error.details));
        // A slug taken by another category is a conflict on that field.
        if (isApiError(error) && error.status === 409) setErrors({ slug: error.message });
      },
    });
  }

  return (
    <Card className="p-4 sm:p-5">
      <h2 className="text-lg font-semibold text-slate-900">New category</h2>
      <form onSubmit={onSubmit} noValidate className="mt-4 space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Name"
            value={name}
            onValueChange={setName}
            error={errors.name}
            autoComplete="off"
          />
          <TextField
            label="Slug (optional)"
            value={slug}
            onValueChange={setSlug}
            error={errors.slug}
            hint="Made from the name when left empty."
            autoComplete="off"
          />
        </div>
        <div className="grid gap-4 md:grid-cols-2">
          <CategoryDescriptionField
            value={description}
            onValueChange={setDescription}
            error={errors.description}
          />
          <CategoryIconPicker value={icon} onChange={setIcon} error={errors.icon} />
        </div>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? <ButtonSpinner /> : <Plus className="h-4 w-4" aria-hidden="true" />}
          {create.isPending ? 'Creating...' : 'Create category'}
        </Button>
      </form>
    </Card>
  );
}
