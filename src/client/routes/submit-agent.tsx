import { useLocation, useNavigate } from 'react-router';
import { GithubRepositorySource } from '../features/github/components/github-repository-source.js';
import { ImportSource } from '../features/imports/components/import-source.js';
import { SubmissionPage } from '../features/submissions/components/submission-page.js';
import { useDocumentTitle } from '../lib/use-document-title.js';

/**
 * /submit-agent and /submit-agent-new: the submission form, whose first step offers an import from what
 * is published (the MCP registry, a server.json, an A2A card) and from a GitHub repository.
 */
export function SubmitAgentPage() {
  useDocumentTitle('Submit an agent');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return (
    <SubmissionPage
      renderSource={({ onPick, onSkip, pickedRepo }) => (
        <div className="space-y-5">
          <ImportSource
            onImported={(draft) => void navigate(`${pathname}?draft=${draft.id}`, { replace: true })}
          />
          <GithubRepositorySource onPick={onPick} onSkip={onSkip} pickedRepo={pickedRepo} />
        </div>
      )}
    />
  );
}
