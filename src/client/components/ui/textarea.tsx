import { useId, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { cn } from '../../lib/cn.js';
import { FieldError, FieldHint } from './form-field.js';
import { controlSurface, Label } from './input.js';

const area = `block w-full px-3 py-2 ${controlSurface}`;

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
        className="min-h-20 resize-y"
        {...props}
      />
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <FieldHint id={hintId} hint={hint} />
          <FieldError id={errorId} error={error} />
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
