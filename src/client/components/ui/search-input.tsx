import { Search } from 'lucide-react';
import { useId } from 'react';
import { cn } from '../../lib/cn.js';
import { Input } from './input.js';

interface SearchInputProps {
  /** Read by screen readers only; the magnifier and the placeholder say it to the eye. */
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  placeholder: string;
  /** On the wrapper (its width in the layout). */
  className?: string;
  /** On the input (its height and corners). */
  inputClassName?: string;
}

/** A search box with the magnifier inside its left edge (the catalogue, favorites). */
export function SearchInput({
  label,
  value,
  onValueChange,
  placeholder,
  className,
  inputClassName,
}: SearchInputProps) {
  const id = useId();
  return (
    <div className={cn('relative', className)}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search
        className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-500"
        aria-hidden="true"
      />
      <Input
        id={id}
        type="search"
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        placeholder={placeholder}
        className={cn('pl-9', inputClassName)}
      />
    </div>
  );
}
