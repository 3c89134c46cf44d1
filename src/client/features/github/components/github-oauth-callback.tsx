import { CheckCircle2, TriangleAlert } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { GITHUB_OAUTH_MESSAGE_TYPE } from '../../../../shared/api/github.js';
import { ButtonLink } from '../../../components/ui/button.js';
import { EmptyState } from '../../../components/ui/empty-state.js';
import { PageSpinner } from '../../../components/ui/spinner.js';
import { paths } from '../../../paths.js';
import {
  GITHUB_OAUTH_CHANNEL,
  OAUTH_STATE_STORAGE_KEY,
  readStorage,
  type GithubOauthMessage,
} from '../lib/oauth-message.js';

type Outcome = 'sending' | 'sent' | 'no-opener' | 'error' | 'missing';

function sameOriginOpener(): Window | null {
  const opener = window.opener as Window | null;
  if (!opener || opener.closed) return null;
  try {
    // Reading location throws for a cross-origin opener; only our own page may receive the code.
    return opener.location.origin === window.location.origin ? opener : null;
  } catch {
    return null;
  }
}

/**
 * /submit-agent/github-callback: GitHub sends the popup here with code and state. The page hands them to
 * the page that opened it (targetOrigin = this origin) and closes itself; opened directly it explains.
 */
export function GithubOauthCallback() {
  const [params] = useSearchParams();
  const code = params.get('code');
  const state = params.get('state');
  const githubError = params.get('error_description') ?? params.get('error');
  const [outcome, setOutcome] = useState<Outcome>(
    githubError ? 'error' : code && state ? 'sending' : 'missing',
  );

  useEffect(() => {
    if (githubError || !code || !state) return;
    const message: GithubOauthMessage = { type: GITHUB_OAUTH_MESSAGE_TYPE, code, state };
    const opener = sameOriginOpener();
    if (opener) {
      opener.postMessage(message, window.location.origin);
      setOutcome('sent');
      window.close();
      return;
    }
    // Cut off from the opener (a Cross-Origin-Opener-Policy on the way back) while a flow waits for this
    // very state: the same message over a same-origin channel reaches the tab that started it, which
    // compares the state as usual.
    if (readStorage(OAUTH_STATE_STORAGE_KEY) === state && 'BroadcastChannel' in window) {
      const channel = new BroadcastChannel(GITHUB_OAUTH_CHANNEL);
      channel.postMessage(message);
      channel.close();
      setOutcome('sent');
      window.close();
      return;
    }
    setOutcome('no-opener');
  }, [code, state, githubError]);

  if (outcome === 'sending') return <PageSpinner label="Finishing GitHub sign-in" />;

  const back = <ButtonLink to={paths.submitAgent.href()}>Back to the submission form</ButtonLink>;
  return (
    <div className="mx-auto max-w-xl px-4 py-16">
      {outcome === 'sent' && (
        <EmptyState
          icon={<CheckCircle2 className="h-6 w-6" />}
          title="GitHub connected"
          description="You can close this window and continue in the submission form."
          action={back}
        />
      )}
      {outcome === 'error' && (
        <EmptyState
          tone="error"
          icon={<TriangleAlert className="h-6 w-6" />}
          title="GitHub did not connect"
          description={`GitHub answered: ${githubError ?? 'unknown error'}. You can close this window and try again.`}
          action={back}
        />
      )}
      {(outcome === 'no-opener' || outcome === 'missing') && (
        <EmptyState
          icon={<TriangleAlert className="h-6 w-6" />}
          title="Nothing to finish here"
          description={
            outcome === 'missing'
              ? 'This page finishes connecting GitHub from the submission form, and it was opened without GitHub’s answer.'
              : 'This page finishes connecting GitHub in the window that opened it, and that window is gone. Start again from the submission form.'
          }
          action={back}
        />
      )}
    </div>
  );
}
