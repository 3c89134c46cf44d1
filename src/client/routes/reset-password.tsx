import { KeyRound, Link2Off } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { resetPasswordSchema } from '../../shared/api/auth.js';
import { AccountCard } from '../components/layout/account-card.js';
import { Button, ButtonLink } from '../components/ui/button.js';
import { PasswordField } from '../components/ui/form-field.js';
import { ButtonSpinner } from '../components/ui/spinner.js';
import { useResetPassword } from '../features/auth/api/reset-password.js';
import { NewPasswordField } from '../features/auth/components/account-fields.js';
import { zodFieldErrors, type FieldErrors } from '../lib/form-errors.js';
import { isApiError } from '../lib/request.js';
import { useValidatedForm } from '../lib/use-validated-form.js';
import { toast } from '../lib/toast.js';
import { paths } from '../paths.js';

type Field = 'password' | 'confirmPassword';

function validate(token: string, { password, confirmPassword }: Record<Field, string>): FieldErrors<Field> {
  const errors: FieldErrors<Field> = {};
  const parsed = resetPasswordSchema.safeParse({ token, password });
  if (!parsed.success) errors.password = zodFieldErrors<'password'>(parsed.error).password;
  if (!confirmPassword) errors.confirmPassword = 'Please confirm your password';
  else if (confirmPassword !== password) errors.confirmPassword = 'Passwords do not match';
  return errors;
}

function BadLink({ message }: { message: string }) {
  return (
    <AccountCard title="Link not valid" icon={<Link2Off className="h-6 w-6" />}>
      <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-900">
        {message}
      </p>
      <ButtonLink to={paths.forgotPassword.href()} className="mt-5 w-full">
        Request a new link
      </ButtonLink>
    </AccountCard>
  );
}

/** Opened from the reset e-mail: choose a new password (with the strength meter), then log in. */
export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const navigate = useNavigate();
  const reset = useResetPassword();
  const form = useValidatedForm<Field>({ password: '', confirmPassword: '' }, (values) =>
    validate(token, values),
  );
  const { values, errors } = form;
  const [linkError, setLinkError] = useState<string | null>(null);

  if (!token) return <BadLink message="This password reset link is incomplete. Request a new one." />;
  if (linkError) return <BadLink message={linkError} />;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (reset.isPending) return;
    if (!form.validateAll()) return;
    reset.mutate(
      { token, password: values.password },
      {
        onSuccess: (answer) => {
          toast.success('Password reset', { description: answer.message });
          void navigate(paths.login.href(), { replace: true });
        },
        onError: (failure) => {
          const passwordError = isApiError(failure) ? failure.details?.password?.[0] : undefined;
          if (passwordError) {
            form.showErrors({ password: passwordError });
            return;
          }
          if (isApiError(failure) && failure.status === 400) {
            setLinkError(failure.message);
            return;
          }
          toast.error('Password reset failed', {
            description: isApiError(failure) ? failure.message : 'An error occurred. Please try again.',
          });
        },
      },
    );
  };

  return (
    <AccountCard
      title="Choose a new password"
      icon={<KeyRound className="h-6 w-6" />}
      description="Pick a password of at least 8 characters. Afterwards you log in with it."
      footer={
        <Link to={paths.login.href()} className="font-medium text-brand-700 hover:underline">
          Back to login
        </Link>
      }
    >
      <form ref={form.formRef} onSubmit={onSubmit} noValidate className="space-y-4">
        <NewPasswordField
          label="New password"
          name="password"
          value={values.password}
          onValueChange={form.set('password')}
          error={errors.password}
        />
        <PasswordField
          label="Confirm new password"
          name="confirmPassword"
          autoComplete="new-password"
          value={values.confirmPassword}
          onValueChange={form.set('confirmPassword')}
          error={errors.confirmPassword}
        />
        <Button type="submit" className="w-full" disabled={reset.isPending}>
          {reset.isPending ? (
            <>
              <ButtonSpinner />
              Saving...
            </>
          ) : (
            'Reset password'
          )}
        </Button>
      </form>
    </AccountCard>
  );
}
