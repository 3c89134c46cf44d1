import { Badge } from './ui/badge.js';
import { claimStatusLabels, type ClaimStatus } from '../../shared/trust.js';

const statusTones: Record<ClaimStatus, 'success' | 'warning' | 'danger'> = {
  active: 'success',
  pending: 'warning',
  lapsed: 'danger',
};

/** An ownership claim's status, the same on the agent page and in the admins' evidence. */
export function ClaimStatusBadge({ status }: { status: ClaimStatus }) {
  return <Badge tone={statusTones[status]}>{claimStatusLabels[status]}</Badge>;
}
