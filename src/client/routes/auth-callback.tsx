import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PageSpinner } from '../components/ui/spinner.js';
import { useAuthSession } from '../lib/auth-session.js';
import { useDocumentTitle } from '../lib/use-document-title.js';
import { paths, safeReturnPath } from '../paths.js';

/** Spec section 7: provider sign-in returns here; refresh the session, then go to returnPath (or home). */
export function AuthCallbackPage() {
  useDocumentTitle('Signing you in');
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const { refetchUser } = useAuthSession();
  const started = useRef(false);
  const returnPath = safeReturnPath(searchParams.get('returnPath'), paths.home.href());

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void refetchUser().finally(() => void navigate(returnPath, { replace: true }));
  }, [refetchUser, navigate, returnPath]);

  return <PageSpinner label="Completing sign-in" />;
}
