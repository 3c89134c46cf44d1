import type { Claim } from '../../../../shared/api/claims.js';
import { formatDate } from '../../../../shared/rules/date.js';
import { ClaimStatusBadge } from '../../../components/claim-status-badge.js';
import { claimMethodLabels } from '../../../../shared/trust.js';

/** The claims as an admin weighs them before verifying (no tokens, no buttons). */
export function ClaimsEvidenceList({ claims }: { claims: Claim[] }) {
  if (claims.length === 0) return null;
  return (
    <ul className="mt-2 divide-y divide-slate-200">
      {claims.map((claim) => (
        <li key={claim.id} className="py-2 text-sm">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-medium text-slate-900">{claimMethodLabels[claim.method]}</span>
            <span className="break-all font-mono text-slate-700">{claim.subject}</span>
            <ClaimStatusBadge status={claim.status} />
          </div>
          <p className="text-xs text-slate-600">
            {claim.verifiedAt ? `Verified ${formatDate(claim.verifiedAt)}` : 'Never verified'}
            {claim.checkedAt ? ` · last checked ${formatDate(claim.checkedAt)}` : ''}
            {claim.nextCheckAt ? ` · next check ${formatDate(claim.nextCheckAt)}` : ''}
          </p>
          {claim.detail && <p className="text-xs text-slate-600">{claim.detail}</p>}
        </li>
      ))}
    </ul>
  );
}
