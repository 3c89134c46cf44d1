import { ArrowLeft, BadgeCheck, LockKeyhole, Star } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ButtonLink } from '../components/ui/button.js';
import { Spinner } from '../components/ui/spinner.js';
import { LoginForm } from '../features/auth/components/login-form.js';
import { RegisterForm } from '../features/auth/components/register-form.js';
import { SocialSignIn } from '../features/auth/components/social-sign-in.js';
import { SiteLogoLink } from '../components/layout/site-logo-link.js';
import { useAuthSession } from '../lib/auth-session.js';
import { cn } from '../lib/cn.js';
import { useDocumentTitle } from '../lib/use-document-title.js';
import { paths, safeReturnPath } from '../paths.js';

type AuthTab = 'login' | 'register';

const benefits = [
  { icon: Star, text: 'Review the agents you use and help others choose.' },
  { icon: BadgeCheck, text: 'Submit your own agents and earn a verified badge.' },
  { icon: LockKeyhole, text: 'Keep favorites, drafts and history in one place.' },
];

/**
 * Spec section 2: the two-column login/register page (brand panel and form); the tab and returnPath
 * live in the URL, so the tabs and "Sign Up" / "Log in" keep the return path.
 */
function AuthScreen({ defaultTab }: { defaultTab: AuthTab }) {
  const [searchParams] = useSearchParams();
  const tabParam = searchParams.get('tab');
  const tab: AuthTab = tabParam === 'login' || tabParam === 'register' ? tabParam : defaultTab;
  const returnPath = searchParams.get('returnPath') ?? undefined;
  const { user } = useAuthSession();
  const navigate = useNavigate();
  // After a successful submit the form's toast shows and the redirect waits 1.5 s; meanwhile say so.
  const [completed, setCompleted] = useState(false);
  const switchTab = (next: AuthTab) =>
    void navigate(paths.auth.href({ tab: next, returnPath }), { replace: true });
  const title = tab === 'login' ? 'Login' : 'Create Account';
  useDocumentTitle(title);

  const tabClass = (active: boolean) =>
    cn(
      'flex-1 rounded-lg px-3 py-2 text-center text-sm font-semibold transition-colors',
      active ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900',
    );

  return (
    <div className="grid min-h-screen grid-cols-1 lg:grid-cols-2">
      <div className="relative hidden overflow-hidden bg-gradient-to-br from-brand-700 via-brand-800 to-slate-900 p-12 text-white lg:flex lg:flex-col">
        <SiteLogoLink inverted />
        <div className="mt-auto max-w-md">
          <h2 className="text-3xl font-bold tracking-tight">The AI agent reputation platform</h2>
          <p className="mt-3 text-brand-100">
            Honest reviews, reputation scores and verified makers, in one directory.
          </p>
          <ul className="mt-8 space-y-4">
            {benefits.map(({ icon: Icon, text }) => (
              <li key={text} className="flex gap-3 text-sm text-brand-50">
                <Icon className="mt-0.5 h-5 w-5 shrink-0 text-brand-200" aria-hidden="true" />
                {text}
              </li>
            ))}
          </ul>
        </div>
      </div>

      <div className="flex min-w-0 flex-col px-4 py-8 sm:px-8">
        <div className="flex items-center justify-between">
          <Link
            to={paths.home.href()}
            className="inline-flex items-center gap-1.5 rounded-lg text-sm font-medium text-slate-700 hover:text-slate-900"
          >
            <ArrowLeft className="h-4 w-4" aria-hidden="true" />
            Back to home
          </Link>
          <span className="lg:hidden">
            <SiteLogoLink />
          </span>
        </div>
        <div className="mx-auto my-auto w-full max-w-md py-10">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
          <div
            className="mt-6 flex gap-1 rounded-xl bg-slate-100 p-1"
            role="group"
            aria-label="Login or register"
          >
            <Link
              to={paths.auth.href({ tab: 'login', returnPath })}
              replace
              aria-current={tab === 'login' ? 'page' : undefined}
              className={tabClass(tab === 'login')}
            >
              Login
            </Link>
            <Link
              to={paths.auth.href({ tab: 'register', returnPath })}
              replace
              aria-current={tab === 'register' ? 'page' : undefined}
              className={tabClass(tab === 'register')}
            >
              Register
            </Link>
          </div>

          {completed ? (
            <div
              role="status"
              className="mt-8 flex items-center gap-3 rounded-2xl border border-emerald-200 bg-emerald-50 p-5 text-emerald-900"
            >
              <Spinner className="h-5 w-5" label="Redirecting" />
              <p className="font-semibold">You&apos;re signed in. Taking you onwards...</p>
            </div>
          ) : user ? (
            <div className="mt-8 rounded-2xl border border-emerald-200 bg-emerald-50 p-5">
              <p className="font-semibold text-emerald-900">You are already signed in.</p>
              <ButtonLink to={safeReturnPath(returnPath)} className="mt-4">
                Continue
              </ButtonLink>
            </div>
          ) : (
            <div className="mt-8 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
              {tab === 'login' ? (
                <LoginForm
                  returnPath={returnPath}
                  onRegister={() => switchTab('register')}
                  onSuccess={() => setCompleted(true)}
                />
              ) : (
                <RegisterForm onLogin={() => switchTab('login')} onSuccess={() => setCompleted(true)} />
              )}
              <SocialSignIn returnPath={safeReturnPath(returnPath)} />
            </div>
          )}
        </div>
      </div>
    </div>
  );
}

export function AuthPage() {
  return <AuthScreen defaultTab="login" />;
}

export function LoginPage() {
  return <AuthScreen defaultTab="login" />;
}

/** /register and /create-account open the registration tab. */
export function RegisterPage() {
  return <AuthScreen defaultTab="register" />;
}
