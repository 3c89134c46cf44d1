import { gzipSync } from 'node:zlib';
import canonicalize from 'canonicalize';
import {
  STATEMENT_JWT_TYPE,
  STATEMENT_LIFETIME_S,
  STATEMENT_REUSE_S,
  STATUS_LIST_SIZE,
  type StatementClaims,
  type StatementPayload,
  type StatusListCredential,
} from '../../../shared/api/statements.js';
import { absoluteUrl } from '../../../shared/routes.js';
import { notFound } from '../../errors.js';
import { agentEvidence, type AgentEvidenceDeps } from '../agents/agent-evidence.js';
import type { AgentsRepo } from '../agents/agents.repo.js';
import { findPublishedAgentOr404 } from '../agents/agents.service.js';
import { signPayload, type SigningKeysDeps } from '../signing-keys/signing-keys.service.js';
import type { StatementsRepo } from './statements.repo.js';

export interface StatementsDeps extends AgentEvidenceDeps {
  agents: AgentsRepo;
  statements: StatementsRepo;
  signing: SigningKeysDeps;
}

const VC_CONTEXT = 'https://www.w3.org/ns/credentials/v2';

/** Where status list `list` is served. */
export function statusListUrl(publicUrl: string, list: number): string {
  return absoluteUrl(publicUrl, `/api/status-lists/${list}`);
}

/** A statement's place in the status lists: row id 1 is index 0 of list 0. */
function statusOf(id: number) {
  return { list: Math.floor((id - 1) / STATUS_LIST_SIZE), index: (id - 1) % STATUS_LIST_SIZE };
}

/**
 * GET /api/agents/{idOrSlug}/statement: a compact JWS of what AgentAtlas vouches for about a published
 * agent now. The same statement is answered again within the hour while the claims stand; a statement
 * signed anew revokes the agent's live ones whose claims no longer hold.
 */
export async function agentStatement(deps: StatementsDeps, idOrSlug: string): Promise<string> {
  const agent = await findPublishedAgentOr404(deps, idOrSlug);
  const evidence = (await agentEvidence(deps, [agent])).get(agent.id)!;
  const claims: StatementClaims = {
    score: evidence.score,
    verified: evidence.verified,
    claims: evidence.claims,
    protocols: evidence.protocols,
    toolSetHash: evidence.toolSetHash,
    advisories: evidence.advisories,
  };
  const claimsJson = canonicalize(claims)!;
  const now = new Date();
  const at = now.toISOString();
  const newest = await deps.statements.findNewestLive(agent.id, at);
  if (
    newest?.jws &&
    newest.claims === claimsJson &&
    now.getTime() - Date.parse(newest.issued_at) < STATEMENT_REUSE_S * 1000
  )
    return newest.jws;

  const iat = Math.floor(now.getTime() / 1000);
  const exp = iat + STATEMENT_LIFETIME_S;
  const id = await deps.statements.insert({
    agentId: agent.id,
    claims: claimsJson,
    issuedAt: at,
    expiresAt: new Date(exp * 1000).toISOString(),
  });
  const { list, index } = statusOf(id);
  const payload: StatementPayload = {
    iss: deps.publicUrl,
    sub: evidence.url,
    iat,
    exp,
    ...claims,
    status: { statusListCredential: statusListUrl(deps.publicUrl, list), statusListIndex: String(index) },
  };
  // Signed outside the transaction: the first signature may store the first key.
  const { jws } = await signPayload(deps.signing, payload, { typ: STATEMENT_JWT_TYPE });
  await deps.db.kysely.transaction().execute(async (trx) => {
    await deps.statements.setJws(id, jws, trx);
    await deps.statements.revokeLive(
      agent.id,
      { at, reason: 'Superseded: the evidence changed', keepClaims: claimsJson },
      trx,
    );
  });
  return jws;
}

/**
 * GET /api/status-lists/{list}: the revocation bits of statements list·SIZE+1 … (list+1)·SIZE as a
 * Bitstring Status List credential; bit i is the i-th from the left of the GZIP-compressed bytes.
 */
export async function statusListCredential(
  deps: StatementsDeps,
  list: number,
): Promise<StatusListCredential> {
  const firstId = list * STATUS_LIST_SIZE + 1;
  if (firstId > Math.max(1, await deps.statements.highestId()))
    throw notFound('There is no such status list.');
  const bits = Buffer.alloc(STATUS_LIST_SIZE / 8);
  for (const id of await deps.statements.revokedIdsBetween(firstId, firstId + STATUS_LIST_SIZE - 1)) {
    const index = id - firstId;
    bits[index >> 3]! |= 0x80 >> (index & 7);
  }
  const url = statusListUrl(deps.publicUrl, list);
  return {
    '@context': [VC_CONTEXT],
    id: url,
    type: ['VerifiableCredential', 'BitstringStatusListCredential'],
    issuer: deps.publicUrl,
    validFrom: new Date().toISOString(),
    credentialSubject: {
      id: `${url}#list`,
      type: 'BitstringStatusList',
      statusPurpose: 'revocation',
      encodedList: `u${gzipSync(bits).toString('base64url')}`,
    },
  };
}

/** POST /api/admin/agents/{id}/statements/revoke: every live statement about the agent stops holding. */
export async function revokeAgentStatements(
  deps: StatementsDeps,
  agentId: number,
  reason: string,
): Promise<{ revoked: number }> {
  if (!(await deps.agents.exists(agentId))) throw notFound('Agent not found');
  return { revoked: await deps.statements.revokeLive(agentId, { at: new Date().toISOString(), reason }) };
}
