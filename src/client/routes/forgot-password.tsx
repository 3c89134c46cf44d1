import { KeyRound, MailCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { AccountCard } from '../components/layout/account-card.js';
import { Button } from '../components/ui/button.js';
import { ButtonSpinner } from '../components/ui/spinner.js';
import { useForgotPassword } from '../features/auth/api/forgot-password.js';
import { EmailField } from '../features/auth/components/account-fields.js';
import { useEmailField } from '../features/auth/hooks/use-email-field.js';
import { isApiError } from '../lib/request.js';
import { toast } from '../lib/toast.js';
import { paths } from '../paths.js';

/** Asks for a reset link; the server answers the same neutral message for every address. */
export function ForgotPasswordPage() {
  const forgot = useForgotPassword();
  const emailField = useEmailField();
  const [sentMessage, setSentMessage] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (forgot.isPending) return;
    const email = emailField.check();
    if (email === null) return;
    forgot.mutate(email, {
      onSuccess: (answer) => setSentMessage(answer.message),
      onError: (failure) => {
        const message = isApiError(failure) && failure.serverMessage;
        toast.error('Request failed', { description: message || 'An error occurred. Please try again.' });
        if (isApiError(failure) && failure.details?.email?.[0]) emailField.setError(failure.details.email[0]);
      },
    });
  };

  const backToLogin = (
    <Link to={paths.login.href()} className="font-medium text-brand-700 hover:underline">
      Back to login
    </Link>
  );

  if (sentMessage) {
    return (
      <AccountCard title="Check your e-mail" icon={<MailCheck className="h-6 w-6" />} footer={backToLogin}>
        <p
          role="status"
          className="rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-900"
        >
          {sentMessage}
        </p>
        <p className="mt-4 text-sm text-slate-600">
          The link works once and expires soon. Did not get it? Check your spam folder, or{' '}
          <button
            type="button"
            className="cursor-pointer font-medium text-brand-700 hover:underline"
            onClick={() => setSentMessage(null)}
          >
            try another address
          </button>
          .
        </p>
      </AccountCard>
    );
  }

  return (
    <AccountCard
      title="Forgot your password?"
      icon={<KeyRound className="h-6 w-6" />}
      description="Enter the e-mail address of your account and we will send you a link to choose a new password."
      footer={backToLogin}
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <EmailField value={emailField.email} onValueChange={emailField.setEmail} error={emailField.error} />
        <Button type="submit" className="w-full" disabled={forgot.isPending}>
          {forgot.isPending ? (
            <>
              <ButtonSpinner />
              Sending...
            </>
          ) : (
            'Send reset link'
          )}
        </Button>
      </form>
    </AccountCard>
  );
}
