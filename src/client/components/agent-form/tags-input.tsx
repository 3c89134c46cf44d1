import { X } from 'lucide-react';
import { useId, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { AGENT_TAG_MAX, AGENT_TAGS_MAX } from '../../../shared/limits.js';
import { cn } from '../../lib/cn.js';
import { FieldError } from '../ui/form-field.js';
import { Label } from '../ui/input.js';

interface TagsInputProps {
  label: string;
  tags: string[];
  onChange: (tags: string[]) => void;
  error?: string | undefined;
  disabled?: boolean | undefined;
  name?: string;
  /** Where the tags came from, when they were imported. */
  source?: string | undefined;
}

/** Tags are stored lower-case and trimmed, as the server normalizes them. */
function normalizeTag(value: string): string {
  return value.trim().toLowerCase().slice(0, AGENT_TAG_MAX);
}

/** A chip input: Enter or a comma adds what was typed, × or Backspace on an empty input removes. */
export function TagsInput({ label, tags, onChange, error, disabled, name, source }: TagsInputProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const [text, setText] = useState('');
  const full = tags.length >= AGENT_TAGS_MAX;

  function add(raw: string) {
    const next = [...tags];
    for (const part of raw.split(',')) {
      const tag = normalizeTag(part);
      if (tag && !next.includes(tag) && next.length < AGENT_TAGS_MAX) next.push(tag);
    }
    if (next.length !== tags.length) onChange(next);
    setText('');
  }

  function remove(tag: string) {
    onChange(tags.filter((item) => item !== tag));
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      if (text.trim()) add(text);
    } else if (event.key === 'Backspace' && text === '' && tags.length > 0) {
      const last = tags[tags.length - 1];
      if (last) remove(last);
    }
  }

  function onPaste(event: ClipboardEvent<HTMLInputElement>) {
    const pasted = event.clipboardData.getData('text');
    if (!pasted.includes(',')) return;
    event.preventDefault();
    add(`${text}${pasted}`);
  }

  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      <div
        className={cn(
          'flex min-h-10 flex-wrap items-center gap-1.5 rounded-lg border bg-white px-2 py-1.5 shadow-xs focus-within:outline-2',
          // One border colour at a time: two in the class list would be decided by stylesheet order.
          error
            ? 'border-red-500 focus-within:border-red-600 focus-within:outline-red-600/40'
            : 'border-slate-300 focus-within:border-brand-600 focus-within:outline-brand-600/40',
          disabled && 'opacity-60',
        )}
      >
        <ul className="contents" aria-label={`${label} added`}>
          {tags.map((tag) => (
            <li
              key={tag}
              className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-0.5 pr-1 pl-2.5 text-xs font-medium text-brand-800 ring-1 ring-brand-200 ring-inset"
            >
              {tag}
              <button
                type="button"
                onClick={() => remove(tag)}
                disabled={disabled}
                className="inline-flex h-5 w-5 cursor-pointer items-center justify-center rounded-full text-brand-700 hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                <X className="h-3 w-3" aria-hidden="true" />
                <span className="sr-only">Remove tag {tag}</span>
              </button>
            </li>
          ))}
        </ul>
        <input
          id={id}
          name={name}
          value={text}
          onChange={(event) => {
            const value = event.target.value;
            // A comma typed on a phone keyboard may not raise a key event with key ','.
            if (value.includes(',')) add(value);
            else setText(value);
          }}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
          onBlur={() => {
            if (text.trim()) add(text);
          }}
          disabled={disabled || full}
          maxLength={AGENT_TAG_MAX}
          placeholder={
            full ? `${AGENT_TAGS_MAX} tags added` : tags.length === 0 ? 'e.g. coding, research' : ''
          }
          aria-invalid={error ? true : undefined}
          aria-describedby={[hintId, error ? errorId : null].filter(Boolean).join(' ')}
          className="h-7 min-w-[8rem] flex-1 bg-transparent px-1 text-sm text-slate-900 outline-none placeholder:text-slate-500 disabled:cursor-not-allowed"
        />
      </div>
      <p id={hintId} className="text-xs text-slate-600">
        Press Enter or type a comma to add a tag. {tags.length} / {AGENT_TAGS_MAX}
        {source && <span className="block text-brand-700">{source}</span>}
      </p>
      <FieldError id={errorId} error={error} />
    </div>
  );
}
