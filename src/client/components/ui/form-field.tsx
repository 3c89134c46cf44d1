import { Eye, EyeOff } from 'lucide-react';
import { useId, useState, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';
import { cn } from '../../lib/cn.js';
import { Input, Label, Select } from './input.js';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange' | 'value'> {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  /** Shown under the field with a red border (spec section 5: red border and inline message). */
  error?: string | undefined;
  hint?: ReactNode;
  /** Something to the right of the label, such as "Forgot password?". */
  labelAside?: ReactNode;
  /** Content inside the field's right edge (the password toggle). */
  trailing?: ReactNode;
  children?: ReactNode;
}

export function TextField({
  label,
  value,
  onValueChange,
  error,
  hint,
  labelAside,
  trailing,
  children,
  className,
  ...inputProps
}: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('space-y-1.5', className)}>
      <div className="flex items-center justify-between gap-3">
        <Label htmlFor={id}>{label}</Label>
        {labelAside}
      </div>
      <div className="relative">
        <Input
          id={id}
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={trailing ? 'pr-11' : undefined}
          {...inputProps}
        />
        {trailing}
      </div>
      {children}
      <FieldHint id={hintId} hint={hint} />
      <FieldError id={errorId} error={error} />
    </div>
  );
}

/** The help text under a field; its id goes in the control's aria-describedby. */
export function FieldHint({ id, hint }: { id: string; hint: ReactNode }) {
  if (!hint) return null;
  return (
    <p id={id} className="text-xs text-slate-600">
      {hint}
    </p>
  );
}

/** The inline message of an invalid field (spec section 5); its id goes in the control's aria-describedby. */
export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <p id={id} className="text-sm text-red-700">
      {error}
    </p>
  );
}

type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'trailing'>;

/** A password field with a show/hide toggle (spec section 2). */
export function PasswordField(props: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          onClick={() => setVisible((value) => !value)}
          className="absolute inset-y-0 right-0 flex w-10 cursor-pointer items-center justify-center rounded-r-lg text-slate-500 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          {visible ? (
            <EyeOff className="h-4 w-4" aria-hidden="true" />
          ) : (
            <Eye className="h-4 w-4" aria-hidden="true" />
          )}
          {/* Text, not aria-label, so a search for the field's label does not also find this button. */}
          <span className="sr-only">
            {visible ? `Hide ${props.label.toLowerCase()}` : `Show ${props.label.toLowerCase()}`}
          </span>
        </button>
      }
    />
  );
}

interface CheckboxFieldProps {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  children: ReactNode;
  name?: string;
  disabled?: boolean;
}

export function CheckboxField({ checked, onCheckedChange, children, name, disabled }: CheckboxFieldProps) {
  const id = useId();
  return (
    <div className="flex items-start gap-2.5">
      <input
        id={id}
        name={name}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onCheckedChange(event.target.checked)}
        className="mt-0.5 h-4 w-4 shrink-0 cursor-pointer rounded border-slate-300 accent-brand-600 disabled:cursor-not-allowed"
      />
      <label htmlFor={id} className="text-sm text-slate-700">
        {children}
      </label>
    </div>
  );
}

/** A native select under its label: it works the same on every screen, a phone's picker included. */
export function SelectField({
  label,
  className,
  children,
  ...selectProps
}: Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & { label: string }) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <Label htmlFor={id}>{label}</Label>
      <Select id={id} className={cn('max-w-full min-w-0', className)} {...selectProps}>
        {children}
      </Select>
    </div>
  );
}
