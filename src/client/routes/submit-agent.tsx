import { GithubRepositorySource } from '../features/github/components/github-repository-source.js';
import { SubmissionPage } from '../features/submissions/components/submission-page.js';
import { useDocumentTitle } from '../lib/use-document-title.js';

/** /submit-agent and /submit-agent-new: the submission form, with GitHub as its first step's source. */
export function SubmitAgentPage() {
  useDocumentTitle('Submit an agent');
  return (
    <SubmissionPage
      renderSource={({ onPick, onSkip, pickedRepo }) => (
        <GithubRepositorySource onPick={onPick} onSkip={onSkip} pickedRepo={pickedRepo} />
      )}
    />
  );
}
