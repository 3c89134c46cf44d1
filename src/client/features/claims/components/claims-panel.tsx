import { KeyRound, Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import type { Claim } from '../../../../shared/api/claims.js';
import { formatDate } from '../../../../shared/rules/date.js';
import { ClaimStatusBadge } from '../../../components/claim-status-badge.js';
import { Button, PendingButton } from '../../../components/ui/button.js';
import { Card } from '../../../components/ui/card.js';
import { Input, Label, Select } from '../../../components/ui/input.js';
import { RetryNotice } from '../../../components/ui/load-failure.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import { isApiError } from '../../../lib/request.js';
import { useDeferredResult } from '../../../lib/use-deferred-result.js';
import { useAgentClaims, useCheckClaim, useCreateClaim, useRemoveClaim } from '../api/claims.js';
import { claimMethodLabels, claimMethods, type ClaimMethod } from '../../../../shared/trust.js';

const subjectHints: Record<ClaimMethod, { label: string; placeholder: string }> = {
  dns: { label: 'Domain', placeholder: 'agent.example.com' },
  'well-known': { label: 'Domain', placeholder: 'agent.example.com' },
  github: { label: 'Repository', placeholder: 'owner/name' },
};

/** One claim: method, subject, status and dates; for the owner, the token and the buttons. */
function ClaimItem({ claim, agentId, isOwner }: { claim: Claim; agentId: number; isOwner: boolean }) {
  const check = useCheckClaim(agentId);
  const remove = useRemoveClaim(agentId);
  return (
    <li className="py-3">
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-sm font-medium text-slate-900">{claimMethodLabels[claim.method]}</span>
        <ClaimStatusBadge status={claim.status} />
      </div>
      <p className="mt-1 break-all font-mono text-sm text-slate-700">{claim.subject}</p>
      <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-xs text-slate-600">
        {claim.verifiedAt && (
          <>
            <dt>Verified</dt>
            <dd>{formatDate(claim.verifiedAt)}</dd>
          </>
        )}
        <dt>Last checked</dt>
        <dd>{claim.checkedAt ? formatDate(claim.checkedAt) : 'Not yet'}</dd>
        {claim.nextCheckAt && (
          <>
            <dt>Next check</dt>
            <dd>{formatDate(claim.nextCheckAt)}</dd>
          </>
        )}
      </dl>
      {claim.detail && <p className="mt-1 text-xs text-slate-600">{claim.detail}</p>}
      {isOwner && claim.instructions && claim.status !== 'active' && (
        <div className="mt-2 rounded-lg bg-slate-50 p-3 text-xs break-all text-slate-700">
          <p>{claim.instructions}</p>
          {claim.method !== 'github' && (
            <p className="mt-1">
              Token: <code className="break-all font-mono text-slate-900">{claim.token}</code>
            </p>
          )}
        </div>
      )}
      {isOwner && (
        <div className="mt-2 flex flex-wrap gap-2">
          <PendingButton
            size="sm"
            variant="outline"
            pending={check.isPending}
            onClick={() => check.mutate(claim.id)}
          >
            Check {claimMethodLabels[claim.method]}
          </PendingButton>
          <Button
            size="sm"
            variant="ghost"
            disabled={remove.isPending}
            onClick={() => remove.mutate(claim.id)}
            aria-label={`Remove the claim on ${claim.subject}`}
          >
            <Trash2 className="h-4 w-4" aria-hidden="true" />
            Remove
          </Button>
        </div>
      )}
    </li>
  );
}

function NewClaimForm({ agentId }: { agentId: number }) {
  const id = useId();
  const [method, setMethod] = useState<ClaimMethod>('dns');
  const [subject, setSubject] = useState('');
  const create = useCreateClaim(agentId);
  const error = create.error;
  const fieldError = isApiError(error) ? error.details?.subject?.[0] : undefined;

  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate({ method, subject }, { onSuccess: () => setSubject('') });
  }

  return (
    <form
      onSubmit={submit}
      className="mt-4 space-y-3 border-t border-slate-100 pt-4"
      aria-label="New ownership claim"
    >
      <div className="grid gap-3">
        <div className="space-y-1">
          <Label htmlFor={`${id}-method`}>Method</Label>
          <Select
            id={`${id}-method`}
            value={method}
            onChange={(event) => setMethod(event.target.value as ClaimMethod)}
          >
            {claimMethods.map((entry) => (
              <option key={entry} value={entry}>
                {claimMethodLabels[entry]}
              </option>
            ))}
          </Select>
        </div>
        <div className="min-w-0 space-y-1">
          <Label htmlFor={`${id}-subject`}>{subjectHints[method].label}</Label>
          <Input
            id={`${id}-subject`}
            value={subject}
            onChange={(event) => setSubject(event.target.value)}
            placeholder={subjectHints[method].placeholder}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? `${id}-error` : undefined}
            required
          />
        </div>
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {fieldError ?? error.message}
        </p>
      )}
      <PendingButton type="submit" size="sm" pending={create.isPending}>
        Add claim
      </PendingButton>
    </form>
  );
}

/**
 * The agent page's Ownership section: the evidence that the owner controls the
 * agent's domain or repository, checked again daily. The owner adds, checks and removes claims here.
 */
export function ClaimsPanel({ agentId, isOwner }: { agentId: number; isOwner: boolean }) {
  const claims = useDeferredResult(useAgentClaims(agentId));
  const list = claims.data?.claims ?? [];
  if (!isOwner && claims.isSuccess && list.length === 0) return null;

  return (
    <Card className="scroll-mt-20 p-6" id="claims">
      <section aria-labelledby="claims-title">
        <h2 id="claims-title" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <KeyRound className="h-5 w-5 text-brand-600" aria-hidden="true" />
          Ownership
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Evidence that the owner controls the agent, checked by AgentAtlas every day.
        </p>
        {claims.isPending ? (
          <Skeleton className="mt-4 h-12 w-full" />
        ) : claims.isError ? (
          <div className="mt-4 flex flex-wrap items-center gap-3">
            <RetryNotice message="Claims could not be loaded." onRetry={() => void claims.refetch()} />
          </div>
        ) : list.length === 0 ? (
          <p className="mt-4 text-sm text-slate-600">
            No claims yet. Claim the agent by a DNS record, a file on its website or its GitHub repository; an
            admin can verify it while a claim is active.
          </p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-100">
            {list.map((claim) => (
              <ClaimItem key={claim.id} claim={claim} agentId={agentId} isOwner={isOwner} />
            ))}
          </ul>
        )}
        {isOwner && <NewClaimForm agentId={agentId} />}
      </section>
    </Card>
  );
}
