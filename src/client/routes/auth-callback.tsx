import { AlertCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ButtonLink } from '../components/ui/button.js';
import { EmptyState } from '../components/ui/empty-state.js';
import { Spinner } from '../components/ui/spinner.js';
import { useAuthSession } from '../lib/auth-session.js';
import { postTabMessage } from '../lib/tab-sync.js';
import { toast } from '../lib/toast.js';
import { useDocumentTitle } from '../lib/use-document-title.js';
import { paths, safeReturnPath } from '../paths.js';

const NOT_SIGNED_IN = 'We could not sign you in. Please try again.';

/**
 * Spec sections 7 and 8: provider sign-in returns here, with returnPath on success or error=<message>.
 * On success the session is refreshed and the person continues to the (same-site) returnPath, else home.
 */
export function AuthCallbackPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const { refetchUser } = useAuthSession();
  const started = useRef(false);
  const errorParam = searchParams.get('error');
  const [failure, setFailure] = useState<string | null>(errorParam);
  const returnPath = safeReturnPath(searchParams.get('returnPath'), paths.home.href());
  useDocumentTitle(failure ? 'Authentication failed' : 'Signing you in');

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (errorParam) {
      toast.error('Authentication failed', { description: errorParam });
      return;
    }
    void refetchUser()
      .then((user) => {
        if (!user) throw new Error(NOT_SIGNED_IN);
        postTabMessage({ type: 'login' });
        toast.success('Login successful', { description: `Welcome back, ${user.username}!` });
        void navigate(returnPath, { replace: true });
      })
      .catch(() => {
        toast.error('Authentication failed', { description: NOT_SIGNED_IN });
        setFailure(NOT_SIGNED_IN);
      });
  }, [errorParam, refetchUser, navigate, returnPath]);

  if (failure) {
    return (
      <div className="mx-auto max-w-xl px-4 py-16">
        <EmptyState
          tone="error"
          icon={<AlertCircle className="h-6 w-6" />}
          title="Authentication failed"
          description={failure}
          action={<ButtonLink to={paths.auth.href()}>Back to login</ButtonLink>}
        />
      </div>
    );
  }

  return (
    <div className="flex min-h-[50vh] flex-col items-center justify-center gap-4 px-4 text-center">
      <Spinner className="h-8 w-8 text-brand-600" label="Signing you in" />
      <p className="text-lg font-medium text-slate-900" aria-hidden="true">
        Signing you in...
      </p>
    </div>
  );
}
