import { PasswordField, TextField } from '../../../components/ui/form-field.js';
import type { FieldErrors } from '../../../lib/form-errors.js';
import { PasswordStrengthMeter } from './password-strength-meter.js';

/** The fields of one form section: their values, their errors and the change handler of each. */
interface SectionProps<Field extends string> {
  values: Record<Field, string>;
  errors: FieldErrors<Field>;
  set: (field: Field) => (value: string) => void;
}

interface FieldProps {
  value: string;
  onValueChange: (value: string) => void;
  error: string | undefined;
}

/** The account's e-mail address; sign-in forms name it "username" for password managers. */
export function EmailField({
  autoComplete = 'email',
  ...props
}: FieldProps & { autoComplete?: 'email' | 'username' }) {
  return (
    <TextField
      label="Email"
      name="email"
      type="email"
      autoComplete={autoComplete}
      inputMode="email"
      placeholder="you@example.com"
      {...props}
    />
  );
}

/** A password being chosen, with the strength meter under it (registration, reset, change). */
export function NewPasswordField({ label, name, ...props }: FieldProps & { label: string; name: string }) {
  return (
    <PasswordField label={label} name={name} autoComplete="new-password" {...props}>
      <PasswordStrengthMeter password={props.value} />
    </PasswordField>
  );
}

/** First and last name side by side (registration and profile settings). */
export function PersonNameFields({ values, errors, set }: SectionProps<'firstName' | 'lastName'>) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        label="First name"
        name="firstName"
        autoComplete="given-name"
        value={values.firstName}
        onValueChange={set('firstName')}
        error={errors.firstName}
      />
      <TextField
        label="Last name"
        name="lastName"
        autoComplete="family-name"
        value={values.lastName}
        onValueChange={set('lastName')}
        error={errors.lastName}
      />
    </div>
  );
}

/** An enterprise account's company (registration and profile settings). */
export function CompanyFields({ values, errors, set }: SectionProps<'companyName' | 'companyWebsite'>) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        label="Company name"
        name="companyName"
        autoComplete="organization"
        value={values.companyName}
        onValueChange={set('companyName')}
        error={errors.companyName}
      />
      <TextField
        label="Company website"
        name="companyWebsite"
        type="url"
        autoComplete="url"
        placeholder="https://example.com"
        value={values.companyWebsite}
        onValueChange={set('companyWebsite')}
        error={errors.companyWebsite}
      />
    </div>
  );
}
