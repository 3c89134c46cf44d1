import { useId, useRef, type KeyboardEvent } from 'react';
import { categoryIconNames, type CategoryIconName } from '../../../../shared/catalogue.js';
import { categoryIcons, isCategoryIconName } from '../../../components/category-icon.js';
import { cn } from '../../../lib/cn.js';

/** A radio group of icons: arrow keys move the choice, as native radios do. */
export function CategoryIconPicker({
  value,
  onChange,
  label = 'Icon',
  error,
}: {
  value: string;
  onChange: (name: CategoryIconName) => void;
  label?: string;
  error?: string | undefined;
}) {
  const labelId = useId();
  const refs = useRef(new Map<string, HTMLButtonElement>());
  const selected = isCategoryIconName(value) ? value : 'tag';
  const index = categoryIconNames.indexOf(selected);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const step =
      event.key === 'ArrowRight' || event.key === 'ArrowDown'
        ? 1
        : event.key === 'ArrowLeft' || event.key === 'ArrowUp'
          ? -1
          : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = categoryIconNames[(index + step + categoryIconNames.length) % categoryIconNames.length];
    if (!next) return;
    onChange(next);
    refs.current.get(next)?.focus();
  }

  return (
    <div className="space-y-1.5">
      <span id={labelId} className="text-sm font-medium text-slate-700">
        {label}
      </span>
      <div
        role="radiogroup"
        aria-labelledby={labelId}
        onKeyDown={onKeyDown}
        className="flex flex-wrap gap-1.5"
      >
        {categoryIconNames.map((name) => {
          const Icon = categoryIcons[name];
          const checked = name === selected;
          return (
            <button
              key={name}
              ref={(node) => {
                if (node) refs.current.set(name, node);
                else refs.current.delete(name);
              }}
              type="button"
              role="radio"
              aria-checked={checked}
              aria-label={name.replace(/-/g, ' ')}
              title={name}
              tabIndex={checked ? 0 : -1}
              onClick={() => onChange(name)}
              className={cn(
                'inline-flex h-10 w-10 cursor-pointer items-center justify-center rounded-lg ring-1 ring-inset',
                'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
                checked
                  ? 'bg-brand-600 text-white ring-brand-600'
                  : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50',
              )}
            >
              <Icon className="h-5 w-5" aria-hidden="true" />
            </button>
          );
        })}
      </div>
      {error && <p className="text-sm text-red-700">{error}</p>}
    </div>
  );
}
