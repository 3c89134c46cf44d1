import { CATEGORY_DESCRIPTION_MAX } from '../../../../shared/limits.js';
import { TextAreaField } from '../../../components/ui/textarea.js';

/** A category's description, as creating and editing one ask for it. */
export function CategoryDescriptionField({
  value,
  onValueChange,
  error,
}: {
  value: string;
  onValueChange: (value: string) => void;
  error: string | undefined;
}) {
  return (
    <TextAreaField
      label="Description"
      value={value}
      onValueChange={onValueChange}
      error={error}
      maxLength={CATEGORY_DESCRIPTION_MAX}
      rows={2}
    />
  );
}
