import { Briefcase, User } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { registerFormSchema, type RegisterInput } from '../../../../shared/api/auth.js';
import { Button } from '../../../components/ui/button.js';
import { CheckboxField, PasswordField } from '../../../components/ui/form-field.js';
import { ButtonSpinner } from '../../../components/ui/spinner.js';
import { useAuthSession, type SessionUser } from '../../../lib/auth-session.js';
import { isApiError } from '../../../lib/request.js';
import { toast } from '../../../lib/toast.js';
import { useValidatedForm } from '../../../lib/use-validated-form.js';
import { paths } from '../../../paths.js';
import { useRegister } from '../api/register.js';
import { useAuthRedirect } from '../hooks/use-auth-redirect.js';
import { serverFieldErrors, zodFieldErrors, type FieldErrors } from '../../../lib/form-errors.js';
import { registerErrorMessage } from '../lib/messages.js';
import { CompanyFields, EmailField, NewPasswordField, PersonNameFields } from './account-fields.js';

type OrganizationType = 'individual' | 'enterprise';

interface Values {
  email: string;
  password: string;
  confirmPassword: string;
  firstName: string;
  lastName: string;
  companyName: string;
  companyWebsite: string;
}
type Field = keyof Values;

/** In the order of the form, which is the order the first invalid field is looked for in. */
const emptyValues: Values = {
  email: '',
  password: '',
  confirmPassword: '',
  firstName: '',
  lastName: '',
  companyName: '',
  companyWebsite: '',
};

const organizationChoices: Array<{
  value: OrganizationType;
  title: string;
  description: string;
  icon: ReactNode;
}> = [
  {
    value: 'individual',
    title: 'Individual',
    description: 'Personal use: browse and submit agents independently',
    icon: <User className="h-5 w-5" aria-hidden="true" />,
  },
  {
    value: 'enterprise',
    title: 'Enterprise',
    description: 'Work use: represent a company and submit agents for it',
    icon: <Briefcase className="h-5 w-5" aria-hidden="true" />,
  },
];

function validate(
  values: Values,
  organizationType: OrganizationType | undefined,
  termsAccepted: boolean,
): FieldErrors<Field> {
  const parsed = registerFormSchema.safeParse({ ...values, organizationType, termsAccepted });
  return parsed.success ? {} : zodFieldErrors<Field>(parsed.error);
}

interface RegisterFormProps {
  /** "Already have an account? Log in": calls this when given, otherwise goes to /auth?tab=login. */
  onLogin?: () => void;
  onSuccess?: (user: SessionUser) => void;
}

/** Spec sections 2, 4, 5 and 8: the account type first, then the fields; validated on submit only. */
export function RegisterForm({ onLogin, onSuccess }: RegisterFormProps) {
  const { setSessionUser } = useAuthSession();
  const register = useRegister();
  const redirect = useAuthRedirect();
  const [organizationType, setOrganizationType] = useState<OrganizationType | undefined>(undefined);
  const [termsAccepted, setTermsAccepted] = useState(false);
  const form = useValidatedForm<Field>(emptyValues, (next) =>
    validate(next, organizationType, termsAccepted),
  );
  const { values, errors } = form;

  const submit = () => {
    if (!form.validateAll()) return;
    const type = organizationType ?? 'individual';
    const email = values.email.trim();
    const firstName = values.firstName.trim();
    const lastName = values.lastName.trim();
    const payload: RegisterInput = {
      organizationType: type,
      email,
      password: values.password,
      firstName,
      lastName,
      fullName: [firstName, lastName].filter(Boolean).join(' '),
      companyName: type === 'enterprise' ? values.companyName.trim() : '',
      companyWebsite: type === 'enterprise' ? values.companyWebsite.trim() : '',
      username: email,
      userType: 'developer',
    };
    register.mutate(payload, {
      onSuccess: (user) => {
        setSessionUser(user);
        toast.success('Registration successful', {
          description: 'Your account has been created successfully.',
        });
        toast(`Welcome, ${user.username}!`);
        onSuccess?.(user);
        // Spec section 4: a new account goes to / after 1.5 s, from the page and from the dialog alike.
        redirect('/');
      },
      onError: (error) => {
        toast.error('Registration failed', { description: registerErrorMessage(error) });
        if (!isApiError(error)) return;
        const fromServer = serverFieldErrors<Field>(error.details, { username: 'email' });
        if (error.status === 409 && !fromServer.email) fromServer.email = error.message;
        if (Object.keys(fromServer).length > 0) form.showErrors(fromServer);
      },
    });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (register.isPending) return;
    try {
      submit();
    } catch {
      toast.error('Registration error', { description: 'An unexpected error occurred. Please try again.' });
    }
  };

  const loginLink = (
    <p className="text-center text-sm text-slate-600">
      Already have an account?{' '}
      {onLogin ? (
        <button
          type="button"
          onClick={onLogin}
          className="cursor-pointer font-semibold text-brand-700 hover:text-brand-800 hover:underline"
        >
          Log in
        </button>
      ) : (
        <Link
          to={paths.auth.href({ tab: 'login' })}
          className="font-semibold text-brand-700 hover:text-brand-800 hover:underline"
        >
          Log in
        </Link>
      )}
    </p>
  );

  if (!organizationType) {
    return (
      <div className="space-y-4">
        <fieldset>
          <legend className="text-sm font-semibold text-slate-900">How will you use AgentAtlas?</legend>
          <div className="mt-3 grid gap-3">
            {organizationChoices.map((choice) => (
              <button
                key={choice.value}
                type="button"
                onClick={() => setOrganizationType(choice.value)}
                className="flex w-full cursor-pointer items-start gap-3 rounded-xl border border-slate-200 bg-white p-4 text-left transition-colors hover:border-brand-600 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
              >
                <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                  {choice.icon}
                </span>
                <span>
                  <span className="block font-semibold text-slate-900">{choice.title}</span>
                  <span className="mt-0.5 block text-sm text-slate-600">{choice.description}</span>
                </span>
              </button>
            ))}
          </div>
        </fieldset>
        {loginLink}
      </div>
    );
  }

  const chosen = organizationChoices.find((choice) => choice.value === organizationType);

  return (
    <form ref={form.formRef} onSubmit={onSubmit} noValidate className="space-y-4">
      <div className="flex items-center justify-between gap-3 rounded-xl border border-slate-200 bg-slate-50 px-4 py-3">
        <p className="flex min-w-0 items-center gap-2 text-sm text-slate-700">
          <span className="text-brand-700">{chosen?.icon}</span>
          <span className="truncate">
            Account type: <strong className="font-semibold text-slate-900">{chosen?.title}</strong>
          </span>
        </p>
        <button
          type="button"
          onClick={() => setOrganizationType(undefined)}
          className="shrink-0 cursor-pointer text-sm font-medium text-brand-700 hover:text-brand-800 hover:underline"
        >
          Change<span className="sr-only"> account type</span>
        </button>
      </div>
      <EmailField value={values.email} onValueChange={form.set('email')} error={errors.email} />
      <NewPasswordField
        label="Password"
        name="password"
        value={values.password}
        onValueChange={form.set('password')}
        error={errors.password}
      />
      <PasswordField
        label="Confirm password"
        name="confirmPassword"
        autoComplete="new-password"
        value={values.confirmPassword}
        onValueChange={form.set('confirmPassword')}
        error={errors.confirmPassword}
      />
      <PersonNameFields values={values} errors={errors} set={form.set} />
      {organizationType === 'enterprise' && <CompanyFields values={values} errors={errors} set={form.set} />}
      <CheckboxField checked={termsAccepted} onCheckedChange={setTermsAccepted} name="termsAccepted">
        I agree to the{' '}
        <Link to={paths.terms.href()} className="font-medium text-brand-700 underline">
          Terms of Service
        </Link>{' '}
        and the{' '}
        <Link to={paths.privacy.href()} className="font-medium text-brand-700 underline">
          Privacy Policy
        </Link>
        .
      </CheckboxField>
      <Button type="submit" className="w-full" disabled={register.isPending}>
        {register.isPending ? (
          <>
            <ButtonSpinner />
            Creating account...
          </>
        ) : (
          'Create Account'
        )}
      </Button>
      {loginLink}
    </form>
  );
}
