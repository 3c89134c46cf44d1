import { Heart, Plus, Trash2, X } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import {
  FAVORITE_NOTES_MAX,
  FAVORITE_TAG_MAX,
  FAVORITE_TAGS_MAX,
  type Favorite,
} from '../../../../shared/api/favorites.js';
import { formatCount } from '../../../../shared/rules/count.js';
import { formatDate } from '../../../../shared/rules/date.js';
import { RatingSummary } from '../../../components/rating-summary.js';
import { Avatar } from '../../../components/ui/avatar.js';
import { Button } from '../../../components/ui/button.js';
import { Input } from '../../../components/ui/input.js';
import { TextAreaField } from '../../../components/ui/textarea.js';
import { paths } from '../../../paths.js';
import { useRemoveFavorite, useUpdateFavorite } from '../api/favorite-mutations.js';

/** Tags are lower-case, trimmed, unique (the server stores them so). */
export function normalizeTag(value: string): string {
  return value.trim().toLowerCase().replace(/\s+/g, ' ');
}

export function FavoriteCard({ favorite }: { favorite: Favorite }) {
  const { agent } = favorite;
  const update = useUpdateFavorite();
  const remove = useRemoveFavorite();
  const tagInputId = useId();
  const [tagDraft, setTagDraft] = useState('');
  const [tagError, setTagError] = useState<string | undefined>();
  const savedNotes = favorite.notes ?? '';
  const [notes, setNotes] = useState(savedNotes);
  const [notesError, setNotesError] = useState<string | undefined>();
  // A placeholder added a moment ago has no id on the server yet.
  const editable = favorite.id > 0;

  // A refetched or rolled-back value replaces the text unless the person is editing it.
  const [editingNotes, setEditingNotes] = useState(false);
  useEffect(() => {
    if (!editingNotes) setNotes(savedNotes);
  }, [savedNotes, editingNotes]);

  const save = (changes: { tags?: string[]; notes?: string | null }, onSaved?: () => void) =>
    update.mutate(
      {
        favorite,
        changes: {
          tags: changes.tags ?? favorite.tags,
          notes: changes.notes !== undefined ? changes.notes : favorite.notes,
        },
      },
      onSaved ? { onSuccess: onSaved } : {},
    );

  const addTag = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const tag = normalizeTag(tagDraft);
    if (!tag) return setTagError('A tag cannot be empty');
    if (tag.length > FAVORITE_TAG_MAX)
      return setTagError(`A tag can have at most ${FAVORITE_TAG_MAX} characters`);
    if (favorite.tags.includes(tag)) {
      setTagDraft('');
      return setTagError(undefined);
    }
    if (favorite.tags.length >= FAVORITE_TAGS_MAX) return setTagError(`At most ${FAVORITE_TAGS_MAX} tags`);
    setTagError(undefined);
    setTagDraft('');
    save({ tags: [...favorite.tags, tag] });
  };

  const notesDirty = notes.trim() !== savedNotes.trim();
  // Saved on blur or with "Save notes"; after a failure the text stays so it can be saved again.
  const saveNotes = () => {
    if (!notesDirty || !editable) return setEditingNotes(false);
    if (notes.trim().length > FAVORITE_NOTES_MAX) {
      setNotesError(`Notes can have at most ${FAVORITE_NOTES_MAX} characters`);
      return;
    }
    setNotesError(undefined);
    save({ notes: notes.trim() || null }, () => setEditingNotes(false));
  };

  return (
    <article
      aria-label={agent.name}
      className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="flex items-start gap-3">
        <Avatar name={agent.name} imageUrl={agent.logoUrl} size={48} rounded="xl" />
        <div className="min-w-0 flex-1">
          <h2 className="truncate text-base font-semibold text-slate-900">
            <Link to={paths.agent.href(agent.slug)} className="hover:underline">
              {agent.name}
            </Link>
          </h2>
          <p className="truncate text-sm text-slate-600">{agent.category.name}</p>
        </div>
        <Button
          variant="ghost"
          size="icon"
          className="-mt-2 -mr-2 shrink-0 text-slate-500 hover:bg-red-50 hover:text-red-700"
          onClick={() => remove.mutate(favorite)}
          disabled={remove.isPending || !editable}
          aria-label={`Remove ${agent.name} from favorites`}
          title="Remove from favorites"
        >
          <Trash2 className="h-4 w-4" aria-hidden="true" />
        </Button>
      </div>
      <p className="mt-3 line-clamp-2 text-sm text-slate-600">{agent.tagline}</p>
      <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600">
        <RatingSummary rating={agent.rating} />
        <span className="inline-flex items-center gap-1">
          <Heart className="h-4 w-4 text-rose-500" aria-hidden="true" />
          {formatCount(agent.favoritesCount)}
          <span className="sr-only">favorites</span>
        </span>
        <span className="ml-auto text-xs">Saved {formatDate(favorite.createdAt)}</span>
      </div>

      <div className="mt-4 border-t border-slate-100 pt-4">
        <p className="text-sm font-medium text-slate-700" id={`${tagInputId}-tags`}>
          Tags
        </p>
        {favorite.tags.length > 0 ? (
          <ul className="mt-2 flex flex-wrap gap-1.5" aria-labelledby={`${tagInputId}-tags`}>
            {favorite.tags.map((tag) => (
              <li
                key={tag}
                className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-0.5 pr-1 pl-2.5 text-xs font-medium text-brand-800"
              >
                {tag}
                <button
                  type="button"
                  onClick={() => save({ tags: favorite.tags.filter((item) => item !== tag) })}
                  disabled={!editable}
                  className="inline-flex h-5 w-5 cursor-pointer items-center justify-center rounded-full hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-brand-600"
                  aria-label={`Remove tag ${tag}`}
                >
                  <X className="h-3 w-3" aria-hidden="true" />
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-1 text-xs text-slate-600">No tags yet.</p>
        )}
        <form className="mt-2 flex gap-2" onSubmit={addTag} noValidate>
          <label htmlFor={tagInputId} className="sr-only">
            Add a tag to {agent.name}
          </label>
          <Input
            id={tagInputId}
            value={tagDraft}
            onChange={(event) => setTagDraft(event.target.value)}
            placeholder="Add a tag"
            maxLength={FAVORITE_TAG_MAX + 10}
            className="h-9"
            disabled={!editable}
            aria-invalid={tagError ? true : undefined}
            aria-describedby={tagError ? `${tagInputId}-error` : undefined}
            autoComplete="off"
          />
          <Button type="submit" variant="outline" size="sm" className="h-9" disabled={!editable}>
            <Plus className="h-4 w-4" aria-hidden="true" />
            Add tag
          </Button>
        </form>
        {tagError && (
          <p id={`${tagInputId}-error`} className="mt-1 text-sm text-red-700">
            {tagError}
          </p>
        )}
      </div>

      <div className="mt-4">
        <TextAreaField
          label="Notes"
          value={notes}
          onValueChange={(value) => {
            setEditingNotes(true);
            setNotes(value);
          }}
          onBlur={saveNotes}
          error={notesError}
          maxLength={FAVORITE_NOTES_MAX}
          placeholder="Why you saved it, what to try…"
          rows={3}
          disabled={!editable}
        />
        {notesDirty && (
          <div className="mt-2 flex justify-end gap-2">
            <Button
              size="sm"
              onMouseDown={(event) => event.preventDefault()}
              onClick={saveNotes}
              disabled={update.isPending}
            >
              {update.isPending ? 'Saving...' : 'Save notes'}
            </Button>
          </div>
        )}
      </div>
    </article>
  );
}
