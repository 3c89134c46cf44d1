import { Lock, PencilLine, Plus } from 'lucide-react';
import { useState } from 'react';
import type { GithubRepoPrefill, GithubRepository } from '../../../../shared/api/github.js';
import { formatCount } from '../../../../shared/rules/count.js';
import { Button } from '../../../components/ui/button.js';
import { GithubIcon } from '../../../components/ui/github-icon.js';
import { Label, Select } from '../../../components/ui/input.js';
import { ButtonSpinner, Spinner } from '../../../components/ui/spinner.js';
import { isApiError } from '../../../lib/request.js';
import { toast } from '../../../lib/toast.js';
import { useGithubStatus } from '../api/get-github-status.js';
import { useInstallationRepositories } from '../api/get-installation-repositories.js';
import { useInstallations } from '../api/get-installations.js';
import { getRepoPrefill } from '../api/get-repo-prefill.js';
import { useGithubConnect } from '../hooks/use-github-connect.js';
import { FilledStar } from '../../../components/ui/star-rating.js';

interface GithubRepositorySourceProps {
  /** Called with what GitHub knows about the chosen repository. */
  onPick: (prefill: GithubRepoPrefill) => void;
  onSkip: () => void;
  /** The repository the form already came from, marked in the list. */
  pickedRepo?: string | undefined;
}

function SkipButton({ onSkip }: { onSkip: () => void }) {
  return (
    <Button variant="outline" onClick={onSkip}>
      <PencilLine className="h-4 w-4" aria-hidden="true" />
      Skip: enter details by hand
    </Button>
  );
}

function RepositoryList({
  installationId,
  pickedRepo,
  onPick,
}: {
  installationId: number;
  pickedRepo: string | undefined;
  onPick: (prefill: GithubRepoPrefill) => void;
}) {
  const repositories = useInstallationRepositories(installationId);
  const [loadingRepo, setLoadingRepo] = useState<string | null>(null);

  async function pick(repository: GithubRepository) {
    setLoadingRepo(repository.fullName);
    try {
      onPick(await getRepoPrefill(repository.fullName));
    } catch (error) {
      toast.error('Could not read the repository', {
        description: isApiError(error) ? error.message : 'Please try again.',
      });
    } finally {
      setLoadingRepo(null);
    }
  }

  if (repositories.isPending) {
    return (
      <div className="flex items-center gap-2 py-6 text-sm text-slate-600">
        <Spinner className="h-4 w-4" label="Loading repositories" /> Loading repositories...
      </div>
    );
  }
  if (repositories.isError) {
    return (
      <div role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-800">
        The repositories could not be loaded: {repositories.error.message}{' '}
        <button
          type="button"
          className="cursor-pointer font-medium underline"
          onClick={() => void repositories.refetch()}
        >
          Try again
        </button>
      </div>
    );
  }
  if (repositories.data.repositories.length === 0) {
    return (
      <p className="rounded-xl bg-slate-50 px-4 py-3 text-sm text-slate-600">
        This account has no repositories the AgentAtlas app can see. Give the app access to a repository on
        GitHub, or enter the details by hand.
      </p>
    );
  }
  return (
    <ul
      className="divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200"
      aria-label="Repositories"
    >
      {repositories.data.repositories.map((repository) => {
        const picked = pickedRepo === repository.fullName;
        return (
          <li
            key={repository.id}
            className="flex flex-col gap-3 bg-white px-4 py-3 sm:flex-row sm:items-center"
          >
            <div className="min-w-0 flex-1">
              <p className="flex flex-wrap items-center gap-x-1.5 font-medium break-all text-slate-900">
                {repository.fullName}
                {repository.private && (
                  <span className="inline-flex shrink-0 items-center gap-0.5 rounded-full bg-slate-100 px-1.5 text-xs font-normal whitespace-nowrap text-slate-600">
                    <Lock className="h-3 w-3" aria-hidden="true" /> Private
                  </span>
                )}
              </p>
              {repository.description && (
                <p className="mt-0.5 line-clamp-2 text-sm text-slate-600">{repository.description}</p>
              )}
              <p className="mt-1 flex items-center gap-3 text-xs text-slate-600">
                <span className="inline-flex items-center gap-1">
                  <FilledStar className="h-3.5 w-3.5" />
                  {formatCount(repository.stars)}
                  <span className="sr-only">stars</span>
                </span>
                {repository.language && <span>{repository.language}</span>}
              </p>
            </div>
            <Button
              size="sm"
              className="w-full sm:w-auto"
              variant={picked ? 'secondary' : 'outline'}
              disabled={loadingRepo !== null}
              onClick={() => void pick(repository)}
              aria-label={`Use ${repository.fullName}`}
            >
              {loadingRepo === repository.fullName ? (
                <>
                  <ButtonSpinner /> Importing...
                </>
              ) : picked ? (
                'Use again'
              ) : (
                'Use this repository'
              )}
            </Button>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * Step 1 of the submission: connect GitHub and pick a repository to prefill the form, or skip. Nothing here
 * asks for installations before /api/github/status says the account is connected (spec section 4).
 */
export function GithubRepositorySource({ onPick, onSkip, pickedRepo }: GithubRepositorySourceProps) {
  const status = useGithubStatus();
  const connected = status.data?.connected === true;
  const installations = useInstallations(connected);
  const { connect, addAccount, pending, addingAccount } = useGithubConnect();
  const [chosenInstallation, setChosenInstallation] = useState<number | null>(null);

  if (status.isPending) {
    return (
      <div className="flex items-center gap-2 py-8 text-sm text-slate-600">
        <Spinner className="h-4 w-4" label="Checking your GitHub connection" /> Checking your GitHub
        connection...
      </div>
    );
  }

  if (status.isError || !status.data.configured) {
    return (
      <div className="space-y-4">
        <div className="rounded-xl bg-slate-50 px-4 py-4 text-sm text-slate-700 ring-1 ring-slate-200 ring-inset">
          <p className="font-medium text-slate-900">
            {status.isError ? 'GitHub could not be reached right now' : 'GitHub sign-in is not configured'}
          </p>
          <p className="mt-1">You can still submit your agent by entering its details yourself.</p>
        </div>
        <SkipButton onSkip={onSkip} />
      </div>
    );
  }

  const list = installations.data?.installations ?? [];
  // Spec section 4: authenticated means installations answered with at least one installation.
  const authenticated = connected && list.length > 0;
  const installationId = chosenInstallation ?? list[0]?.id ?? null;

  return (
    <div className="space-y-5">
      {!authenticated && !(connected && installations.isPending) && (
        <div className="rounded-xl border border-slate-200 bg-slate-50 px-4 py-5 sm:px-6">
          <div className="flex items-start gap-3">
            <GithubIcon className="mt-0.5 h-6 w-6 shrink-0 text-slate-900" />
            <div className="space-y-3">
              <div>
                <p className="font-medium text-slate-900">Import from a GitHub repository</p>
                <p className="mt-1 text-sm text-slate-600">
                  {connected && status.data.canInstall
                    ? `Connected as ${status.data.login ?? 'your GitHub account'}, but the AgentAtlas app is not installed on any account yet.`
                    : 'Connect GitHub to fill in the name, description, topics, homepage, license and stars from your repository. A repository you control can later earn the verified badge.'}
                </p>
              </div>
              <div className="flex flex-wrap gap-2">
                {connected && status.data.canInstall ? (
                  <Button onClick={() => void addAccount()} disabled={addingAccount}>
                    {addingAccount ? <ButtonSpinner /> : <Plus className="h-4 w-4" aria-hidden="true" />}
                    Install on an account
                  </Button>
                ) : (
                  <Button variant="secondary" onClick={() => void connect()} disabled={pending}>
                    {pending ? <ButtonSpinner /> : <GithubIcon className="h-4 w-4" />}
                    {pending ? 'Connecting...' : 'Connect GitHub'}
                  </Button>
                )}
              </div>
            </div>
          </div>
        </div>
      )}

      {connected && installations.isPending && (
        <div className="flex items-center gap-2 py-6 text-sm text-slate-600">
          <Spinner className="h-4 w-4" label="Loading your GitHub accounts" /> Loading your GitHub accounts...
        </div>
      )}

      {authenticated && installationId !== null && (
        <div className="space-y-4">
          <div className="flex flex-wrap items-end gap-3">
            <div className="w-full space-y-1.5 sm:w-auto sm:min-w-64">
              <Label htmlFor="github-installation">GitHub account</Label>
              <Select
                id="github-installation"
                value={installationId}
                onChange={(event) => setChosenInstallation(Number(event.target.value))}
              >
                {list.map((installation) => (
                  <option key={installation.id} value={installation.id}>
                    {installation.account.login}
                    {installation.account.type === 'Organization' ? ' (organization)' : ''}
                  </option>
                ))}
              </Select>
            </div>
            {status.data.canInstall && (
              <Button variant="ghost" onClick={() => void addAccount()} disabled={addingAccount}>
                {addingAccount ? <ButtonSpinner /> : <Plus className="h-4 w-4" aria-hidden="true" />}
                Add another account
              </Button>
            )}
          </div>
          <RepositoryList installationId={installationId} pickedRepo={pickedRepo} onPick={onPick} />
        </div>
      )}

      <div className="flex flex-wrap items-center gap-3 border-t border-slate-200 pt-5">
        <SkipButton onSkip={onSkip} />
      </div>
    </div>
  );
}
