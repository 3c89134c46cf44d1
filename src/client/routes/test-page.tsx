import { CheckCircle2, CircleUserRound, Heart } from 'lucide-react';
import { displayName } from '../../shared/rules/display-name.js';
import { ButtonLink } from '../components/ui/button.js';
import { Card } from '../components/ui/card.js';
import { Spinner } from '../components/ui/spinner.js';
import { useFavorites } from '../features/favorites/api/get-favorites.js';
import { useAuthSession } from '../lib/auth-session.js';
import { useDocumentTitle } from '../lib/use-document-title.js';
import { paths } from '../paths.js';

function AuthStatusCard() {
  const { status, user } = useAuthSession();
  return (
    <Card className="p-6">
      <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <CircleUserRound className="h-5 w-5 text-brand-600" aria-hidden="true" />
        Auth status
      </h2>
      <dl className="mt-4 space-y-2 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-slate-600">Session</dt>
          <dd className="font-medium text-slate-900" data-testid="auth-status">
            {status === 'loading' ? 'Loading' : status === 'authenticated' ? 'Logged in' : 'Logged out'}
          </dd>
        </div>
        {user && (
          <>
            <div className="flex justify-between gap-4">
              <dt className="text-slate-600">User</dt>
              <dd className="font-medium text-slate-900">
                {displayName({ ...user, userName: user.userName ?? user.username })}
              </dd>
            </div>
            <div className="flex justify-between gap-4">
              <dt className="text-slate-600">E-mail verified</dt>
              <dd className="font-medium text-slate-900">{user.emailVerified ? 'Yes' : 'No'}</dd>
            </div>
            <div className="flex justify-between gap-4">
              <dt className="text-slate-600">Role</dt>
              <dd className="font-medium text-slate-900">{user.role ?? 'user'}</dd>
            </div>
          </>
        )}
      </dl>
      {status === 'unauthenticated' && (
        <ButtonLink to={paths.auth.href({ returnPath: paths.testPage.href() })} className="mt-5" size="sm">
          Log in
        </ButtonLink>
      )}
    </Card>
  );
}

function FavoritesTestCard() {
  const { user } = useAuthSession();
  const favorites = useFavorites(user !== null);
  return (
    <Card className="p-6">
      <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <Heart className="h-5 w-5 text-rose-600" aria-hidden="true" />
        Favorites test
      </h2>
      <div className="mt-4 text-sm text-slate-700">
        {!user ? (
          <p>Sign in to test favorites.</p>
        ) : favorites.isPending ? (
          <Spinner className="text-brand-600" label="Loading favorites" />
        ) : favorites.isError ? (
          <p role="alert" className="text-red-700">
            Failed to fetch favorites: {favorites.error.message}
          </p>
        ) : (
          <p className="flex items-center gap-2">
            <CheckCircle2 className="h-4 w-4 text-emerald-600" aria-hidden="true" />
            {favorites.data.favorites.length} favorites loaded.
          </p>
        )}
      </div>
    </Card>
  );
}

export function TestPage() {
  useDocumentTitle('Test page');
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Test page</h1>
      <p className="mt-2 text-slate-600">Checks the session and the favorites call.</p>
      <div className="mt-8 grid gap-6 sm:grid-cols-2">
        <AuthStatusCard />
        <FavoritesTestCard />
      </div>
    </div>
  );
}
