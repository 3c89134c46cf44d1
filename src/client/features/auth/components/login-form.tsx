import { type FormEvent } from 'react';
import { Link } from 'react-router';
import { loginSchema } from '../../../../shared/api/auth.js';
import { Button } from '../../../components/ui/button.js';
import { PasswordField } from '../../../components/ui/form-field.js';
import { ButtonSpinner } from '../../../components/ui/spinner.js';
import { useAuthSession, type SessionUser } from '../../../lib/auth-session.js';
import { toast } from '../../../lib/toast.js';
import { useValidatedForm } from '../../../lib/use-validated-form.js';
import { paths } from '../../../paths.js';
import { useLogin } from '../api/login.js';
import { useAuthRedirect } from '../hooks/use-auth-redirect.js';
import { zodFieldErrors, type FieldErrors } from '../../../lib/form-errors.js';
import { loginErrorMessage, loginSuccessDescription } from '../lib/messages.js';
import { EmailField } from './account-fields.js';

type Field = 'email' | 'password';

interface LoginFormProps {
  /** Where to go after signing in; "/" when absent. */
  returnPath?: string | null | undefined;
  /** Spec section 2: configurable, default "Login". */
  submitLabel?: string;
  /** Spec section 2: "Sign Up" calls this when given, otherwise goes to /auth?tab=register. */
  onRegister?: () => void;
  /**
   * In the auth dialog the page stays where it is (the dialog closes itself when the user is known),
   * so there is no redirect and the toast greets the user by name.
   */
  variant?: 'page' | 'dialog';
  onSuccess?: (user: SessionUser) => void;
}

function validate(values: Record<Field, string>): FieldErrors<Field> {
  const parsed = loginSchema.safeParse({ username: values.email, password: values.password });
  if (parsed.success) return {};
  const errors = zodFieldErrors<'username' | 'password'>(parsed.error);
  return { email: errors.username, password: errors.password };
}

/** Spec sections 2, 4, 5 and 8: the login form. Fields start empty; validation runs on submit. */
export function LoginForm({
  returnPath,
  submitLabel = 'Login',
  onRegister,
  variant = 'page',
  onSuccess,
}: LoginFormProps) {
  const { setSessionUser } = useAuthSession();
  const login = useLogin();
  const redirect = useAuthRedirect();
  const form = useValidatedForm<Field>({ email: '', password: '' }, validate);
  const { values, errors, set } = form;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (login.isPending || !form.validateAll()) return;
    login.mutate(
      { username: values.email.trim(), password: values.password },
      {
        onSuccess: (user) => {
          setSessionUser(user);
          toast.success('Login successful', {
            description:
              variant === 'dialog' ? `Welcome back, ${user.username}!` : loginSuccessDescription(returnPath),
          });
          onSuccess?.(user);
          if (variant === 'page') redirect(returnPath);
        },
        onError: (error) => toast.error('Login failed', { description: loginErrorMessage(error) }),
      },
    );
  };

  return (
    <form ref={form.formRef} onSubmit={onSubmit} noValidate className="space-y-4">
      <EmailField
        autoComplete="username"
        value={values.email}
        onValueChange={set('email')}
        error={errors.email}
      />
      <PasswordField
        label="Password"
        name="password"
        autoComplete="current-password"
        value={values.password}
        onValueChange={set('password')}
        error={errors.password}
        labelAside={
          <Link
            to={paths.forgotPassword.href()}
            className="text-sm font-medium text-brand-700 hover:text-brand-800 hover:underline"
          >
            Forgot password?
          </Link>
        }
      />
      <Button type="submit" className="w-full" disabled={login.isPending}>
        {login.isPending ? (
          <>
            <ButtonSpinner />
            Logging in...
          </>
        ) : (
          submitLabel
        )}
      </Button>
      <p className="text-center text-sm text-slate-600">
        Don&apos;t have an account?{' '}
        {onRegister ? (
          <button
            type="button"
            onClick={onRegister}
            className="cursor-pointer font-semibold text-brand-700 hover:text-brand-800 hover:underline"
          >
            Sign Up
          </button>
        ) : (
          <Link
            to={paths.auth.href({ tab: 'register' })}
            className="font-semibold text-brand-700 hover:text-brand-800 hover:underline"
          >
            Sign Up
          </Link>
        )}
      </p>
    </form>
  );
}
