import { BadgeCheck, ShieldQuestion } from 'lucide-react';
import { useState } from 'react';
import { Button, PendingButton } from '../../../components/ui/button.js';
import { Spinner } from '../../../components/ui/spinner.js';
import { formatDate } from '../../../../shared/rules/date.js';
import { useVerificationEvidence } from '../api/get-verification-evidence.js';
import { useVerifyAgent } from '../api/verify-agent.js';
import { RetryNotice } from '../../../components/ui/load-failure.js';

const permissionLabels: Record<string, string> = {
  admin: 'Admin',
  maintain: 'Maintain',
  push: 'Write (push)',
  triage: 'Triage',
  pull: 'Read only',
};

/**
 * Verification needs evidence: GitHub is asked (through the server) whether the owner's connection
 * controls the agent's repository. "Verify" is offered only when it does.
 */
export function VerificationPanel({
  agentId,
  name,
  verified,
}: {
  agentId: number;
  name: string;
  verified: boolean;
}) {
  const [open, setOpen] = useState(false);
  const evidence = useVerificationEvidence(agentId, open);
  const verify = useVerifyAgent();

  if (!open) {
    return (
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        <ShieldQuestion className="h-4 w-4" aria-hidden="true" />
        {verified ? 'Verification' : 'Check verification'}
      </Button>
    );
  }

  return (
    <section
      aria-label={`Verification of ${name}`}
      className="w-full rounded-xl border border-slate-200 bg-slate-50 p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 className="flex items-center gap-2 text-sm font-semibold text-slate-900">
          <BadgeCheck className="h-4 w-4 text-brand-700" aria-hidden="true" />
          Verification evidence
        </h4>
        <Button variant="ghost" size="sm" onClick={() => setOpen(false)}>
          Hide
        </Button>
      </div>
      {evidence.isPending ? (
        <div className="mt-3 flex items-center gap-2 text-sm text-slate-600">
          <Spinner className="h-4 w-4" label="Asking GitHub" />
          Asking GitHub…
        </div>
      ) : evidence.isError ? (
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <RetryNotice
            message={`Failed to load the evidence: ${evidence.error.message}`}
            onRetry={() => void evidence.refetch()}
          />
        </div>
      ) : (
        <>
          <p className="mt-2 text-sm text-slate-800">{evidence.data.summary}</p>
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-slate-600">GitHub login</dt>
            <dd className="min-w-0 break-all text-slate-900">
              {evidence.data.ownerGithubLogin ?? (evidence.data.ownerConnected ? 'Unknown' : 'Not connected')}
            </dd>
            <dt className="text-slate-600">Repository</dt>
            <dd className="min-w-0 break-all text-slate-900">{evidence.data.githubRepo ?? 'None given'}</dd>
            <dt className="text-slate-600">Permission</dt>
            <dd className="text-slate-900">
              {evidence.data.permission ? permissionLabels[evidence.data.permission] : 'None'}
            </dd>
            <dt className="text-slate-600">Checked</dt>
            <dd className="text-slate-900">{formatDate(evidence.data.checkedAt)}</dd>
          </dl>
          <div className="mt-4 flex flex-wrap gap-2">
            {verified ? (
              <PendingButton
                variant="outline"
                size="sm"
                onClick={() => verify.mutate({ agentId, name, verified: false })}
                pending={verify.isPending}
              >
                Remove verification
              </PendingButton>
            ) : evidence.data.controlsRepository ? (
              <PendingButton
                size="sm"
                onClick={() => verify.mutate({ agentId, name, verified: true })}
                pending={verify.isPending}
              >
                Verify
              </PendingButton>
            ) : (
              <p className="text-sm text-slate-600">
                Verification needs the owner's GitHub connection to control the repository.
              </p>
            )}
          </div>
        </>
      )}
    </section>
  );
}
