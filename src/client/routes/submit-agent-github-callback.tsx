import { GithubOauthCallback } from '../features/github/components/github-oauth-callback.js';
import { useDocumentTitle } from '../lib/use-document-title.js';

/** The popup's landing page after GitHub (spec section 2: callback of the GitHub step in submission). */
export function SubmitAgentGithubCallbackPage() {
  useDocumentTitle('Connecting GitHub');
  return <GithubOauthCallback />;
}
