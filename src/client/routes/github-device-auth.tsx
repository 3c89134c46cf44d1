import { Check, Copy, ExternalLink, ShieldAlert, TimerOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { AccountCard } from '../components/layout/account-card.js';
import { Button } from '../components/ui/button.js';
import { GithubIcon } from '../components/ui/github-icon.js';
import { ButtonSpinner } from '../components/ui/spinner.js';
import type { GithubDeviceStart } from '../../shared/api/auth.js';
import { pollDeviceSignin, startDeviceSignin } from '../features/auth/api/github-device.js';
import { useAuthSession } from '../lib/auth-session.js';
import { isApiError } from '../lib/request.js';
import { postTabMessage } from '../lib/tab-sync.js';
import { toast } from '../lib/toast.js';
import { paths } from '../paths.js';

const NOT_CONFIGURED = 'GitHub sign-in is not configured';
/** GitHub's device flow asks clients to add 5 s to the interval on slow_down. */
const SLOW_DOWN_STEP_S = 5;

type Phase =
  | { kind: 'idle' }
  | { kind: 'starting' }
  | { kind: 'waiting'; device: GithubDeviceStart; startedAt: number }
  | { kind: 'complete' }
  | { kind: 'expired' }
  | { kind: 'denied' }
  | { kind: 'unconfigured' }
  | { kind: 'error'; message: string };

function CodePanel({ device }: { device: GithubDeviceStart }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(device.userCode);
      setCopied(true);
      toast.success('Code copied');
    } catch {
      toast.error('Could not copy the code', { description: 'Select the code and copy it by hand.' });
    }
  };
  return (
    <div className="space-y-5">
      <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-700">
        <li>Copy the code below.</li>
        <li>Open GitHub and enter the code there.</li>
        <li>Authorize AgentAtlas; this page continues by itself.</li>
      </ol>
      <div className="rounded-2xl border border-slate-200 bg-slate-50 p-4 text-center">
        <p className="text-xs font-semibold tracking-wider text-slate-600 uppercase" id="device-code-label">
          Your code
        </p>
        <p
          aria-labelledby="device-code-label"
          className="mt-2 font-mono text-3xl font-bold tracking-[0.2em] break-all text-slate-900 sm:text-4xl"
          data-testid="device-user-code"
        >
          {device.userCode}
        </p>
        <Button variant="outline" size="sm" className="mt-3" onClick={() => void copy()}>
          {copied ? (
            <Check className="h-4 w-4 text-emerald-600" aria-hidden="true" />
          ) : (
            <Copy className="h-4 w-4" aria-hidden="true" />
          )}
          {copied ? 'Copied' : 'Copy code'}
        </Button>
      </div>
      <a
        href={device.verificationUri}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex h-10 w-full items-center justify-center gap-2 rounded-lg bg-slate-900 px-4 text-sm font-medium text-white shadow-sm hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        <GithubIcon className="h-4 w-4" />
        Open GitHub
        <ExternalLink className="h-4 w-4" aria-hidden="true" />
        <span className="sr-only">(opens in a new tab)</span>
      </a>
      <div role="status" className="flex items-center justify-center gap-2 text-sm text-slate-600">
        <ButtonSpinner />
        Waiting for you to authorize on GitHub...
      </div>
    </div>
  );
}

/** GitHub's device flow: show a code to enter at GitHub, poll until it is approved, then sign in. */
export function GithubDeviceAuthPage() {
  const navigate = useNavigate();
  const { setSessionUser, refetchUser } = useAuthSession();
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });

  const start = async () => {
    setPhase({ kind: 'starting' });
    try {
      const device = await startDeviceSignin();
      setPhase({ kind: 'waiting', device, startedAt: Date.now() });
    } catch (error) {
      if (isApiError(error) && error.status === 503) setPhase({ kind: 'unconfigured' });
      else
        setPhase({
          kind: 'error',
          message: isApiError(error) ? error.message : 'Could not reach the server. Please try again.',
        });
    }
  };

  const waiting = phase.kind === 'waiting' ? phase : null;

  useEffect(() => {
    if (!waiting) return;
    const { device, startedAt } = waiting;
    const controller = new AbortController();
    const expiresAt = startedAt + device.expiresIn * 1000;
    let intervalS = device.interval;
    let timer: number | undefined;
    let stopped = false;

    const schedule = () => {
      timer = window.setTimeout(() => void tick(), intervalS * 1000);
    };
    const tick = async () => {
      if (Date.now() >= expiresAt) {
        setPhase({ kind: 'expired' });
        return;
      }
      try {
        const result = await pollDeviceSignin(device.handle, controller.signal);
        if (stopped) return;
        if (result.status === 'pending') return schedule();
        if (result.status === 'slow_down') {
          intervalS = result.interval ?? intervalS + SLOW_DOWN_STEP_S;
          return schedule();
        }
        if (result.status === 'expired' || result.status === 'denied') {
          setPhase({ kind: result.status });
          return;
        }
        const user = result.user ?? (await refetchUser());
        if (result.user) setSessionUser(result.user);
        else postTabMessage({ type: 'login' });
        setPhase({ kind: 'complete' });
        toast.success('Login successful', {
          description: user ? `Welcome back, ${user.username}!` : 'You have been logged in successfully.',
        });
        void navigate(paths.home.href(), { replace: true });
      } catch (error) {
        if (stopped) return;
        if (isApiError(error) && error.status === 503) setPhase({ kind: 'unconfigured' });
        else if (isApiError(error) && error.type !== 'server')
          setPhase({ kind: 'error', message: error.message });
        // A network hiccup or a server error: try again at the next interval until the code expires.
        else schedule();
      }
    };
    schedule();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [waiting, navigate, refetchUser, setSessionUser]);

  const tryAgain = (
    <Button className="mt-5 w-full" onClick={() => void start()}>
      Try again
    </Button>
  );

  return (
    <AccountCard
      title="Sign in with GitHub"
      icon={<GithubIcon className="h-6 w-6" />}
      description="Sign in with your GitHub account from any device: we show you a short code, you enter it on GitHub, and this page signs you in once you approve."
    >
      {(phase.kind === 'idle' || phase.kind === 'starting') && (
        <Button className="w-full" onClick={() => void start()} disabled={phase.kind === 'starting'}>
          {phase.kind === 'starting' && <ButtonSpinner />}
          Start
        </Button>
      )}
      {phase.kind === 'waiting' && <CodePanel device={phase.device} />}
      {phase.kind === 'complete' && (
        <p role="status" className="flex items-center gap-2 text-sm text-emerald-800">
          <Check className="h-4 w-4" aria-hidden="true" />
          Signed in. Taking you home...
        </p>
      )}
      {(phase.kind === 'expired' || phase.kind === 'denied') && (
        <div
          role="alert"
          className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900"
        >
          <p className="flex items-center gap-2 font-semibold">
            <TimerOff className="h-4 w-4" aria-hidden="true" />
            {phase.kind === 'expired' ? 'The code has expired.' : 'Access was denied on GitHub.'}
          </p>
          <p className="mt-1">
            {phase.kind === 'expired'
              ? 'Codes are valid for a few minutes. Start again to get a new one.'
              : 'Authorization was not granted, so you are not signed in.'}
          </p>
        </div>
      )}
      {(phase.kind === 'expired' || phase.kind === 'denied' || phase.kind === 'error') && tryAgain}
      {phase.kind === 'error' && (
        <p role="alert" className="mt-3 text-sm text-red-800">
          {phase.message}
        </p>
      )}
      {phase.kind === 'unconfigured' && (
        <p
          role="alert"
          className="flex items-center gap-2 rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm text-slate-800"
        >
          <ShieldAlert className="h-4 w-4 shrink-0 text-slate-600" aria-hidden="true" />
          {NOT_CONFIGURED}
        </p>
      )}
    </AccountCard>
  );
}
