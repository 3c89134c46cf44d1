import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '../../lib/cn.js';

export interface TabItem<K extends string> {
  key: K;
  label: ReactNode;
  panel: ReactNode;
}

interface TabsProps<K extends string> {
  label: string;
  items: Array<TabItem<K>>;
  value: K;
  onValueChange: (key: K) => void;
  className?: string;
}

/**
 * WAI-ARIA tabs: one tab stop, Left/Right/Home/End move between tabs and select them, the selected tab
 * has aria-selected and controls its panel. Only the selected panel is rendered.
 */
export function Tabs<K extends string>({ label, items, value, onValueChange, className }: TabsProps<K>) {
  const baseId = useId();
  const tabRefs = useRef(new Map<K, HTMLButtonElement>());
  const selectedIndex = Math.max(
    0,
    items.findIndex((item) => item.key === value),
  );
  const selected = items[selectedIndex];

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const moves: Record<string, number> = {
      ArrowRight: selectedIndex + 1,
      ArrowLeft: selectedIndex - 1,
      Home: 0,
      End: items.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = items[(target + items.length) % items.length];
    if (!next) return;
    onValueChange(next.key);
    tabRefs.current.get(next.key)?.focus();
  }

  return (
    <div className={className}>
      <div
        role="tablist"
        aria-label={label}
        onKeyDown={onKeyDown}
        className="flex gap-1 overflow-x-auto border-b border-slate-200"
      >
        {items.map((item) => {
          const active = item.key === selected?.key;
          return (
            <button
              key={item.key}
              ref={(node) => {
                if (node) tabRefs.current.set(item.key, node);
                else tabRefs.current.delete(item.key);
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${item.key}`}
              aria-selected={active}
              aria-controls={`${baseId}-panel-${item.key}`}
              tabIndex={active ? 0 : -1}
              onClick={() => onValueChange(item.key)}
              className={cn(
                '-mb-px inline-flex h-11 cursor-pointer items-center gap-2 border-b-2 px-4 text-sm font-medium whitespace-nowrap',
                'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600',
                active
                  ? 'border-brand-600 text-brand-700'
                  : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900',
              )}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      {selected && (
        <div
          role="tabpanel"
          id={`${baseId}-panel-${selected.key}`}
          aria-labelledby={`${baseId}-tab-${selected.key}`}
          tabIndex={0}
          className="pt-6 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-600"
        >
          {selected.panel}
        </div>
      )}
    </div>
  );
}
