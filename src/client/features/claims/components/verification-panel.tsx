import { BadgeCheck, ShieldQuestion } from 'lucide-react';
import { useState } from 'react';
import { Button, PendingButton } from '../../../components/ui/button.js';
import { Spinner } from '../../../components/ui/spinner.js';
import { formatDate } from '../../../../shared/rules/date.js';
import { useVerificationEvidence } from '../api/get-verification-evidence.js';
import { useVerifyAgent } from '../api/verify-agent.js';
import { RetryNotice } from '../../../components/ui/load-failure.js';
import { ClaimsEvidenceList } from './claims-evidence-list.js';

/**
 * Verification needs evidence: the listing's ownership claims (DNS, well-known file, GitHub), which
 * AgentAtlas checks itself. "Verify" is offered only while one of them is active.
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
          <Spinner className="h-4 w-4" label="Loading the claims" />
          Loading the claims…
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
          <ClaimsEvidenceList claims={evidence.data.claims} />
          <p className="mt-2 text-xs text-slate-600">Checked {formatDate(evidence.data.checkedAt)}</p>
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
            ) : evidence.data.canVerify ? (
              <PendingButton
                size="sm"
                onClick={() => verify.mutate({ agentId, name, verified: true })}
                pending={verify.isPending}
              >
                Verify
              </PendingButton>
            ) : (
              <p className="text-sm text-slate-600">
                Verification needs an active ownership claim: the owner adds one on the agent's page.
              </p>
            )}
          </div>
        </>
      )}
    </section>
  );
}
