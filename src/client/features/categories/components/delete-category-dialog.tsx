import { useId, useState } from 'react';
import type { AdminCategory } from '../../../../shared/api/categories.js';
import { PendingButton } from '../../../components/ui/button.js';
import { DialogActions, DialogContent, DialogRoot } from '../../../components/ui/dialog.js';
import { Label, Select } from '../../../components/ui/input.js';
import { isApiError, type ApiError } from '../../../lib/request.js';
import { toast } from '../../../lib/toast.js';
import { useDeleteCategory } from '../api/delete-category.js';

/** The server names the count in details.agentCount; the message and the list are fallbacks. */
function agentCountOf(error: ApiError, category: AdminCategory): number {
  const fromDetails = Number(error.details?.agentCount?.[0]);
  if (Number.isInteger(fromDetails) && fromDetails > 0) return fromDetails;
  const fromMessage = Number(/(\d+)/.exec(error.message)?.[1]);
  if (Number.isInteger(fromMessage) && fromMessage > 0) return fromMessage;
  return Math.max(1, category.totalAgents);
}

/**
 * Deleting asks first. A category that still has agents is refused by the server (409 with the count):
 * the dialog then asks where those agents should go and deletes with moveTo.
 */
export function DeleteCategoryDialog({
  category,
  categories,
  onClose,
}: {
  category: AdminCategory;
  categories: AdminCategory[];
  onClose: () => void;
}) {
  const selectId = useId();
  const [blockedBy, setBlockedBy] = useState<number | null>(null);
  const others = categories.filter((item) => item.id !== category.id);
  const [moveTo, setMoveTo] = useState(others[0]?.slug ?? '');
  const remove = useDeleteCategory();

  function onConfirm() {
    const withMove = blockedBy !== null && moveTo ? moveTo : undefined;
    remove.mutate(
      { id: category.id, ...(withMove ? { moveTo: withMove } : {}) },
      {
        onSuccess: () => {
          const target = others.find((item) => item.slug === withMove);
          toast.success('Category deleted', {
            description: target ? `${category.name}: its agents moved to ${target.name}` : category.name,
          });
          onClose();
        },
        onError: (error) => {
          if (isApiError(error) && error.status === 409 && withMove === undefined) {
            setBlockedBy(agentCountOf(error, category));
            return;
          }
          toast.error('Failed to delete category', { description: error.message });
        },
      },
    );
  }

  const moving = blockedBy !== null;
  return (
    <DialogRoot open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        heading={`Delete ${category.name}?`}
        description={
          moving
            ? `${blockedBy} ${blockedBy === 1 ? 'agent is' : 'agents are'} still in this category. Move them to another category, then it is deleted.`
            : 'The category disappears from the catalogue. This cannot be undone.'
        }
      >
        {moving && (
          <div className="mt-4 space-y-1.5">
            <Label htmlFor={selectId}>
              Move {blockedBy} {blockedBy === 1 ? 'agent' : 'agents'} to
            </Label>
            {others.length === 0 ? (
              <p className="text-sm text-red-700">Create another category first.</p>
            ) : (
              <Select id={selectId} value={moveTo} onChange={(event) => setMoveTo(event.target.value)}>
                {others.map((item) => (
                  <option key={item.id} value={item.slug}>
                    {item.name}
                  </option>
                ))}
              </Select>
            )}
          </div>
        )}
        <DialogActions className="mt-6">
          <PendingButton
            variant="danger"
            pending={remove.isPending}
            disabled={moving && others.length === 0}
            onClick={onConfirm}
          >
            {moving ? 'Move and delete' : 'Delete'}
          </PendingButton>
        </DialogActions>
      </DialogContent>
    </DialogRoot>
  );
}
