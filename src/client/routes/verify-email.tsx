import { useQueryClient } from '@tanstack/react-query';
import { MailCheck, MailWarning } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { AccountCard } from '../components/layout/account-card.js';
import { ButtonLink, PendingButton } from '../components/ui/button.js';
import { Spinner } from '../components/ui/spinner.js';
import { useSendVerificationEmail } from '../features/auth/api/send-verification-email.js';
import { useVerifyEmail } from '../features/auth/api/verify-email.js';
import { EmailField } from '../features/auth/components/account-fields.js';
import { useEmailField } from '../features/auth/hooks/use-email-field.js';
import { useAuthSession, type SessionUser } from '../lib/auth-session.js';
import { queryKeys } from '../lib/query-keys.js';
import { isApiError } from '../lib/request.js';
import { paths } from '../paths.js';

const INCOMPLETE_LINK = 'This verification link is incomplete. Request a new one.';

function ResendForm({ initialEmail }: { initialEmail: string }) {
  const send = useSendVerificationEmail();
  const emailField = useEmailField(initialEmail);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (send.isPending) return;
    const email = emailField.check();
    if (email !== null) send.mutate(email);
  };

  return (
    <form onSubmit={onSubmit} noValidate className="mt-6 space-y-4">
      <EmailField value={emailField.email} onValueChange={emailField.setEmail} error={emailField.error} />
      <PendingButton type="submit" className="w-full" pending={send.isPending}>
        Send a new link
      </PendingButton>
      {send.isSuccess && (
        <p role="status" className="text-sm text-emerald-800">
          {send.data.message}
        </p>
      )}
    </form>
  );
}

/** Opened from the verification e-mail: confirms the address once, on arrival. */
export function VerifyEmailPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const queryClient = useQueryClient();
  const { user } = useAuthSession();
  const verify = useVerifyEmail();
  const { mutate } = verify;
  const started = useRef(false);
  const [failure, setFailure] = useState<string | null>(token ? null : INCOMPLETE_LINK);

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    mutate(token, {
      onSuccess: (verified) => {
        // Only the signed-in person's own record replaces the cached user.
        const current = queryClient.getQueryData<SessionUser | null>(queryKeys.auth.currentUser());
        if (current && current.id === verified.id)
          queryClient.setQueryData(queryKeys.auth.currentUser(), verified);
      },
      onError: (error) =>
        setFailure(isApiError(error) ? error.message : 'We could not verify your e-mail. Please try again.'),
    });
  }, [token, mutate, queryClient]);

  if (failure) {
    return (
      <AccountCard
        title="We couldn't verify your e-mail"
        icon={<MailWarning className="h-6 w-6" />}
        description="Enter your e-mail address and we will send you a new verification link."
      >
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-900">
          {failure}
        </p>
        <ResendForm initialEmail={user?.email ?? ''} />
      </AccountCard>
    );
  }

  if (verify.isSuccess) {
    return (
      <AccountCard title="Your e-mail is verified" icon={<MailCheck className="h-6 w-6" />}>
        <p role="status" className="text-sm text-slate-700">
          Thank you. Your reviews now carry the weight of a verified reviewer.
        </p>
        <ButtonLink to={paths.home.href()} className="mt-6 w-full">
          Go to the home page
        </ButtonLink>
      </AccountCard>
    );
  }

  return (
    <AccountCard title="Verifying your e-mail" icon={<MailCheck className="h-6 w-6" />}>
      <div className="flex items-center gap-3 text-slate-700">
        <Spinner className="h-5 w-5 text-brand-600" label="Verifying" />
        <span>Checking your link...</span>
      </div>
    </AccountCard>
  );
}
