import type { HistoryEvent, HistoryKind, HistoryResponse } from '../../../shared/api/history.js';
import type { Db } from '../../db/database.js';
import type { UserRow } from '../../db/schema.js';
import { findAuthorizedAgent, type AgentAccessDeps } from '../../policies/index.js';
import { publicDisplayName } from '../users/public-name.js';
import type { HistoryRepo, HistoryRow } from './history.repo.js';
import { paths } from '../../../shared/routes.js';

export interface HistoryDeps extends AgentAccessDeps {
  db: Db;
  history: HistoryRepo;
}

const MESSAGES: Record<Exclude<HistoryKind, 'review' | 'reply' | 'report_resolved'>, string> = {
  submitted: 'Submitted for review',
  updated: 'Listing edited',
  resubmitted: 'Resubmitted for review',
  approved: 'Approved and published',
  rejected: 'Rejected',
  verified: 'Repository verified',
  unverified: 'Verification removed',
  revision_submitted: 'Edit submitted for review',
  revision_approved: 'Edit approved',
  revision_rejected: 'Edit rejected',
  claim_verified: 'Ownership claim verified',
  claim_lapsed: 'Ownership claim lapsed',
  claim_unchecked: 'Ownership claim not checked',
  verification_lapsed: 'Verification lapsed',
  incident: 'Endpoint failing',
  recovered: 'Endpoint recovered',
  tool_danger: 'Dangerous tool found',
  appealed: 'Appeal sent',
  appeal_upheld: 'Appeal upheld',
  appeal_denied: 'Appeal denied',
};

function messageFor(row: HistoryRow): string {
  switch (row.kind) {
    case 'review':
      return `New ${row.rating ?? '?'}-star review${row.detail ? `: “${row.detail}”` : ''}`;
    case 'reply':
      return `You replied to a ${row.rating ?? '?'}-star review`;
    case 'report_resolved':
      return `A report was resolved${row.detail ? ` (${row.detail})` : ''}`;
    default:
      return row.detail ? `${MESSAGES[row.kind]}: ${row.detail}` : MESSAGES[row.kind];
  }
}

function linkFor(row: HistoryRow): string {
  if (row.kind === 'review' || row.kind === 'reply')
    return paths.agent.href(row.agentSlug, { section: 'reviews' });
  if (row.agentStatus !== 'published' || row.source === 'event') return paths.agentStatus.href(row.agentId);
  return paths.agent.href(row.agentSlug);
}

/** Everything that happened to the person's agents, newest first (an admin may name any agent). */
export async function listHistory(
  deps: HistoryDeps,
  viewer: Pick<UserRow, 'id' | 'role'>,
  query: { page: number; limit: number; agentId?: number; kind?: HistoryKind },
): Promise<HistoryResponse> {
  let ownerId: number | null = viewer.id;
  if (query.agentId !== undefined) {
    await findAuthorizedAgent(deps, viewer, 'view-history', query.agentId);
    // The policy let an admin name any agent: its history, whoever owns it.
    if (viewer.role === 'admin') ownerId = null;
  }
  const { rows, totalCount } = await deps.history.list(
    { ownerId, agentId: query.agentId, kind: query.kind },
    { limit: query.limit, offset: (query.page - 1) * query.limit },
  );
  const authors = await deps.history.reviewAuthors(
    rows.filter((row) => row.source === 'review').map((row) => row.rowId),
  );
  const names = new Map(authors.map((author) => [author.review_id, publicDisplayName(author)]));
  const events: HistoryEvent[] = rows.map((row) => ({
    id: `${row.source}-${row.rowId}`,
    agentId: row.agentId,
    agentName: row.agentName,
    kind: row.kind,
    message: messageFor(row),
    actor: row.source === 'review' ? (names.get(row.rowId) ?? 'A reviewer') : row.actor,
    createdAt: row.createdAt,
    link: linkFor(row),
  }));
  return {
    events,
    totalCount,
    totalPages: Math.ceil(totalCount / query.limit),
    currentPage: query.page,
  };
}
