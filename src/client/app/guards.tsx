import { ShieldAlert } from 'lucide-react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { EmptyState } from '../components/ui/empty-state.js';
import { ButtonLink } from '../components/ui/button.js';
import { PageSpinner } from '../components/ui/spinner.js';
import { isAdmin, useAuthSession } from '../lib/auth-session.js';
import { useDocumentTitle } from '../lib/use-document-title.js';
import { paths } from '../paths.js';

/** Spec section 2: spinner while loading, /auth when signed out, the page otherwise. */
export function RequireUser() {
  const { status } = useAuthSession();
  const location = useLocation();
  if (status === 'loading') return <PageSpinner label="Checking your session" />;
  if (status === 'unauthenticated') {
    const returnPath = `${location.pathname}${location.search}`;
    return <Navigate to={paths.auth.href({ returnPath })} replace />;
  }
  return <Outlet />;
}

function AccessDenied() {
  useDocumentTitle('Access Denied');
  return (
    <div className="mx-auto max-w-xl px-4 py-16">
      <EmptyState
        icon={<ShieldAlert className="h-6 w-6" />}
        title="Access Denied"
        description="You need administrator privileges to access this page."
        action={<ButtonLink to={paths.home.href()}>Back to home</ButtonLink>}
      />
    </div>
  );
}

/** Spec section 2: spinner, then the page for role admin, otherwise "Access Denied". */
export function RequireAdmin() {
  const { status, user } = useAuthSession();
  if (status === 'loading') return <PageSpinner label="Checking your permissions" />;
  if (!isAdmin(user)) return <AccessDenied />;
  return <Outlet />;
}
