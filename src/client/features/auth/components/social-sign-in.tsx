import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.js';
import { GithubIcon } from '../../../components/ui/github-icon.js';
import { ButtonSpinner } from '../../../components/ui/spinner.js';
import { toast } from '../../../lib/toast.js';
import { safeReturnPath } from '../../../paths.js';
import { providersQueryOptions } from '../api/get-providers.js';

function GoogleIcon({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className={className}>
      <path
        fill="#4285F4"
        d="M22.56 12.25c0-.78-.07-1.53-.2-2.25H12v4.26h5.92a5.06 5.06 0 0 1-2.2 3.32v2.76h3.56c2.08-1.92 3.28-4.74 3.28-8.09Z"
      />
      <path
        fill="#34A853"
        d="M12 23c2.97 0 5.46-.98 7.28-2.66l-3.56-2.76c-.98.66-2.24 1.05-3.72 1.05-2.86 0-5.29-1.93-6.16-4.53H2.18v2.84A11 11 0 0 0 12 23Z"
      />
      <path
        fill="#FBBC05"
        d="M5.84 14.1A6.6 6.6 0 0 1 5.5 12c0-.73.13-1.44.34-2.1V7.06H2.18A11 11 0 0 0 1 12c0 1.78.43 3.45 1.18 4.94l3.66-2.84Z"
      />
      <path
        fill="#EA4335"
        d="M12 5.38c1.62 0 3.06.56 4.21 1.64l3.15-3.15A10.96 10.96 0 0 0 12 1 11 11 0 0 0 2.18 7.06l3.66 2.84C6.71 7.3 9.14 5.38 12 5.38Z"
      />
    </svg>
  );
}

/**
 * Spec section 2: the "OR CONTINUE WITH" section. GitHub is a full-page sign-in that comes back to
 * /auth-callback and then to `returnPath`; Google is offered but not implemented.
 */
export function SocialSignIn({ returnPath }: { returnPath: string }) {
  const queryClient = useQueryClient();
  const [redirecting, setRedirecting] = useState(false);

  const continueWithGithub = async () => {
    setRedirecting(true);
    const providers = await queryClient.fetchQuery(providersQueryOptions).catch(() => null);
    // If the providers call failed, the server's own redirect reports an unconfigured GitHub on /auth-callback.
    if (providers && !providers.github) {
      setRedirecting(false);
      toast.error('GitHub sign-in is not configured');
      return;
    }
    toast('Redirecting to provider');
    window.location.assign(
      `/api/auth/github?${new URLSearchParams({ returnPath: safeReturnPath(returnPath) }).toString()}`,
    );
  };

  return (
    <div className="mt-6">
      <div className="flex items-center gap-3">
        <span className="h-px flex-1 bg-slate-200" aria-hidden="true" />
        <span className="text-xs font-semibold tracking-wider text-slate-600">OR CONTINUE WITH</span>
        <span className="h-px flex-1 bg-slate-200" aria-hidden="true" />
      </div>
      <div className="mt-4 grid gap-2 sm:grid-cols-2">
        <Button variant="outline" onClick={() => void continueWithGithub()} disabled={redirecting}>
          {redirecting ? <ButtonSpinner /> : <GithubIcon className="h-4 w-4" />}
          Continue with GitHub
        </Button>
        <Button variant="outline" onClick={() => toast.info('Google login is not implemented yet.')}>
          <GoogleIcon className="h-4 w-4" />
          Continue with Google
        </Button>
      </div>
    </div>
  );
}
