import { useId, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { cn } from '../../lib/cn.js';
import { Label } from './input.js';

const area =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-xs ' +
  'placeholder:text-slate-500 focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-600/40';

export function Textarea({ className, ...props }: TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return <textarea className={cn(area, className)} {...props} />;
}

interface TextAreaFieldProps extends Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  'id' | 'onChange' | 'value' | 'maxLength'
> {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string | undefined;
  hint?: ReactNode;
  /** Shows a live "n / max" count, announced politely when close to the limit. */
  maxLength?: number | undefined;
  labelHidden?: boolean;
}

/** A labelled text area with an inline error (red border) and an optional live character count. */
export function TextAreaField({
  label,
  value,
  onValueChange,
  error,
  hint,
  maxLength,
  labelHidden,
  className,
  rows = 4,
  ...props
}: TextAreaFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const countId = `${id}-count`;
  const length = value.trim().length;
  const describedBy =
    [error ? errorId : null, hint ? hintId : null, maxLength ? countId : null].filter(Boolean).join(' ') ||
    undefined;
  const over = maxLength !== undefined && length > maxLength;
  return (
    <div className={cn('space-y-1.5', className)}>
      <Label htmlFor={id} className={labelHidden ? 'sr-only' : undefined}>
        {label}
      </Label>
      <Textarea
        id={id}
        value={value}
        rows={rows}
        onChange={(event) => onValueChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={cn(
          'min-h-20 resize-y',
          error ? 'border-red-500 focus-visible:border-red-600 focus-visible:outline-red-600/40' : undefined,
        )}
        {...props}
      />
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          {hint && (
            <p id={hintId} className="text-xs text-slate-600">
              {hint}
            </p>
          )}
          {error && (
            <p id={errorId} className="text-sm text-red-700">
              {error}
            </p>
          )}
        </div>
        {maxLength !== undefined && (
          <p
            id={countId}
            className={cn('shrink-0 text-xs tabular-nums', over ? 'text-red-700' : 'text-slate-600')}
          >
            {length} / {maxLength}
            <span className="sr-only"> characters</span>
          </p>
        )}
      </div>
    </div>
  );
}
