import { AppError } from '../../errors.js';
import {
  OutboundRefusal,
  ResolverUnavailable,
  isResolverFailure,
  type OutboundFetch,
} from '../../lib/outbound-fetch.js';
import type { GithubClient } from '../github/github-client.js';
import type { GithubConnectionsRepo } from '../github/github.repo.js';
import { connectionToken } from '../github/github.service.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { DNS_CLAIM_PREFIX, WELL_KNOWN_CLAIM_PATH, type ClaimMethod } from '../../../shared/trust.js';

export interface ClaimCheckDeps {
  fetch: OutboundFetch;
  /** TXT records of a name, each as its strings (DNS_SERVERS when set). */
  lookupTxt: (name: string) => Promise<string[][]>;
  /** OUTBOUND_ALLOW_PRIVATE: well-known files are then fetched over http:// (local fakes). */
  allowPrivate: boolean;
  github: { github: GithubClient; connections: GithubConnectionsRepo; secretBox: SecretBox };
}

/**
 * `found` and `missing` are about the owner's evidence; `unchecked` means AgentAtlas could not ask
 * (its resolver, its network or GitHub failed), which says nothing of the evidence and never counts
 * against the claim.
 */
export type ClaimCheckResult = 'found' | 'missing' | 'unchecked';

export interface ClaimEvidence {
  result: ClaimCheckResult;
  /** What was found, or why nothing could be, in a sentence the owner and the admins read. */
  detail: string;
}

const found = (detail: string): ClaimEvidence => ({ result: 'found', detail });
const missing = (detail: string): ClaimEvidence => ({ result: 'missing', detail });
const unchecked = (detail: string): ClaimEvidence => ({ result: 'unchecked', detail });

/** Our side could not make the request: the resolver, or the network of this server, is down. */
const OUR_NETWORK_DOWN = new Set(['ENETUNREACH', 'ENETDOWN', 'EAI_AGAIN']);

function isOurSide(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (cause instanceof ResolverUnavailable) return true;
    if (OUR_NETWORK_DOWN.has(String((cause as { code?: unknown }).code))) return true;
  }
  return false;
}

const WELL_KNOWN_MAX_BYTES = 64 * 1024;
const CONTROLLING = ['admin', 'maintain', 'push'] as const;

/** How a claim reads on the record and in notifications: "the DNS TXT record on example.com". */
export function describeClaim(method: ClaimMethod, subject: string): string {
  switch (method) {
    case 'dns':
      return `the DNS TXT record on ${subject}`;
    case 'well-known':
      return `the well-known file on ${subject}`;
    case 'github':
      return `push access to ${subject} on GitHub`;
  }
}

function reason(error: unknown): string {
  if (error instanceof OutboundRefusal) return error.message;
  if (error instanceof Error && error.name === 'TimeoutError') return 'it did not answer in time';
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  return cause instanceof Error ? cause.message : String(cause);
}

async function checkDns(deps: ClaimCheckDeps, subject: string, token: string): Promise<ClaimEvidence> {
  const expected = `${DNS_CLAIM_PREFIX}${token}`;
  let records: string[][];
  try {
    records = await deps.lookupTxt(subject);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (isResolverFailure(error))
      return unchecked(
        `AgentAtlas's DNS resolver could not be asked about ${subject} (${code ?? reason(error)}).`,
      );
    if (code === 'ENOTFOUND' || code === 'ENODATA') return missing(`${subject} has no TXT records.`);
    return unchecked(`The DNS look-up of ${subject} could not be made (${reason(error)}).`);
  }
  // A long TXT value arrives split into strings of at most 255 bytes; together they are one value.
  const values = records.map((strings) => strings.join('').trim());
  if (values.includes(expected)) return found(`${subject} has the TXT record ${expected}.`);
  return missing(
    values.some((value) => value.startsWith(DNS_CLAIM_PREFIX))
      ? `${subject} has an agentatlas-verification TXT record, but with another token.`
      : `${subject} has no TXT record ${expected}.`,
  );
}

async function checkWellKnown(deps: ClaimCheckDeps, subject: string, token: string): Promise<ClaimEvidence> {
  const url = `${deps.allowPrivate ? 'http' : 'https'}://${subject}${WELL_KNOWN_CLAIM_PATH}`;
  let response: Response;
  let text: string;
  try {
    response = await deps.fetch(url, { maxBytes: WELL_KNOWN_MAX_BYTES, headers: { accept: 'text/plain' } });
    text = await response.text();
  } catch (error) {
    if (isOurSide(error)) return unchecked(`${url} could not be asked: ${reason(error)}.`);
    return missing(`${url} could not be fetched: ${reason(error)}.`);
  }
  if (!response.ok) return missing(`${url} answered HTTP ${response.status}.`);
  const lines = text.split(/\r?\n/).map((line) => line.trim());
  if (lines.includes(token) || lines.includes(`${DNS_CLAIM_PREFIX}${token}`))
    return found(`${url} contains the token.`);
  return missing(`${url} does not contain the token.`);
}

async function checkGithub(
  deps: ClaimCheckDeps,
  subject: string,
  ownerId: number | null,
): Promise<ClaimEvidence> {
  if (ownerId === null) return missing('The listing has no owner.');
  const connection = await connectionToken(deps.github, ownerId);
  if (!connection) return missing('The owner has not connected GitHub.');
  const [owner = '', name = ''] = subject.split('/');
  try {
    const repo = await deps.github.github.getRepo(connection.token, owner, name);
    if (!repo)
      return missing(`${connection.login} has no access to ${subject} on GitHub (or it does not exist).`);
    const permission = CONTROLLING.find((right) => repo.permissions?.[right] === true);
    if (permission)
      return found(`${connection.login} has ${permission} access to ${repo.full_name} on GitHub.`);
    return missing(`${connection.login} cannot push to ${repo.full_name} on GitHub.`);
  } catch (error) {
    if (error instanceof AppError && error.code === 'authentication') {
      // GitHub refuses the owner's token: it is useless, and the owner has to connect again.
      await deps.github.connections.remove(ownerId, connection.sealed);
      return missing("GitHub no longer accepts the owner's connection; connect GitHub again.");
    }
    // GitHub unreachable, failing (5xx) or limiting us: it said nothing about the owner's access.
    return unchecked(`GitHub could not be asked: ${reason(error)}.`);
  }
}

/** Looks for the claim's evidence where its method says it is; never throws for what it finds. */
export function findClaimEvidence(
  deps: ClaimCheckDeps,
  claim: { method: ClaimMethod; subject: string; token: string },
  ownerId: number | null,
): Promise<ClaimEvidence> {
  switch (claim.method) {
    case 'dns':
      return checkDns(deps, claim.subject, claim.token);
    case 'well-known':
      return checkWellKnown(deps, claim.subject, claim.token);
    case 'github':
      return checkGithub(deps, claim.subject, ownerId);
  }
}
