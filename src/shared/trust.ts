/**
 * The fixed vocabularies of trust: probe statuses, ownership claims and the public
 * record, with their labels and limits. Kept free of zod, like catalogue.ts, so the agent page can show
 * them without loading the schemas (shared/api/probes.ts, claims.ts and record.ts build on them).
 */

// Live health of an agent's endpoints.
export const endpointKinds = ['mcp', 'a2a'] as const;
export type EndpointKind = (typeof endpointKinds)[number];

export const probeStatuses = ['up', 'needs_auth', 'degraded', 'non_conformant', 'down'] as const;
export type ProbeStatus = (typeof probeStatuses)[number];
export type EndpointStatus = ProbeStatus | 'unknown';

/** A probe slower than this is degraded, though it answered. */
export const DEGRADED_AFTER_MS = 2000;
/** Consecutive failed probes after which the owner hears of it (and again on recovery). */
export const FAILURES_BEFORE_NOTICE = 3;
/** Days of uptime bars on the agent page; probe history is kept this long. */
export const UPTIME_DAYS = 30;

/**
 * The one rule of availability: a live server that answers counts as available, also when it asks for
 * credentials or is slow. Every other status is a failure: it counts against uptime, towards the
 * owner's notice, and under the listing's "down" filter.
 */
export const availableStatuses = ['up', 'degraded', 'needs_auth'] as const satisfies readonly ProbeStatus[];
export const failingStatuses: readonly ProbeStatus[] = probeStatuses.filter((status) => !isAvailable(status));

export function isAvailable(status: ProbeStatus): boolean {
  return (availableStatuses as readonly ProbeStatus[]).includes(status);
}

/** Words for each status, the same on the agent page, the owner's pages and the badge. */
export const endpointStatusLabels: Record<EndpointStatus, string> = {
  up: 'Up',
  needs_auth: 'Needs credentials',
  degraded: 'Slow',
  non_conformant: 'Not conformant',
  down: 'Down',
  unknown: 'Not checked yet',
};

export const endpointKindLabels: Record<EndpointKind, string> = {
  mcp: 'MCP server',
  a2a: 'A2A agent card',
};

// Ownership claims.
export const claimMethods = ['dns', 'well-known', 'github'] as const;
export type ClaimMethod = (typeof claimMethods)[number];

export const claimStatuses = ['pending', 'active', 'lapsed'] as const;
export type ClaimStatus = (typeof claimStatuses)[number];

/** An active claim is checked again this long after its last check. */
export const CLAIM_RECHECK_MS = 24 * 60 * 60 * 1000;
/** Consecutive failed checks after which an active claim lapses. */
export const CLAIM_FAILURES_BEFORE_LAPSE = 3;
/** The TXT record's prefix; the token follows it. */
export const DNS_CLAIM_PREFIX = 'agentatlas-verification=';
export const WELL_KNOWN_CLAIM_PATH = '/.well-known/agentatlas-verification.txt';

export const claimMethodLabels: Record<ClaimMethod, string> = {
  dns: 'DNS TXT record',
  'well-known': 'Well-known file',
  github: 'GitHub repository',
};

export const claimStatusLabels: Record<ClaimStatus, string> = {
  pending: 'Pending',
  active: 'Active',
  lapsed: 'Lapsed',
};

/** How the owner publishes the token for each method; the same words in the API and on the page. */
export function claimInstructions(method: ClaimMethod, subject: string, token: string): string {
  switch (method) {
    case 'dns':
      return `Add a TXT record to ${subject} with the value ${DNS_CLAIM_PREFIX}${token}, then press Check.`;
    case 'well-known':
      return `Serve ${WELL_KNOWN_CLAIM_PATH} on ${subject} containing the line ${token}, then press Check.`;
    case 'github':
      return `Connect the GitHub account that can push to ${subject}, then press Check.`;
  }
}

// The public record.
export const recordKinds = [
  'published',
  'edit_approved',
  'rejected',
  'edit_rejected',
  'verified',
  'verification_withdrawn',
  'verification_lapsed',
  'claim_verified',
  'claim_lapsed',
  'claim_unchecked',
  'incident',
  'recovered',
  'tool_danger',
  'report_upheld',
  'appealed',
  'appeal_upheld',
  'appeal_denied',
] as const;
export type RecordKind = (typeof recordKinds)[number];

export const recordKindLabels: Record<RecordKind, string> = {
  published: 'Published',
  edit_approved: 'Edit approved',
  rejected: 'Rejected',
  edit_rejected: 'Edit rejected',
  verified: 'Verified',
  verification_withdrawn: 'Verification withdrawn',
  verification_lapsed: 'Verification lapsed',
  claim_verified: 'Claim verified',
  claim_lapsed: 'Claim lapsed',
  claim_unchecked: 'Claim not checked',
  incident: 'Incident',
  recovered: 'Recovered',
  tool_danger: 'Dangerous tool',
  report_upheld: 'Report upheld',
  appealed: 'Appealed',
  appeal_upheld: 'Appeal upheld',
  appeal_denied: 'Appeal denied',
};

export const appealStatuses = ['pending', 'upheld', 'denied'] as const;
export type AppealStatus = (typeof appealStatuses)[number];

export const APPEAL_MESSAGE_MIN = 10;
export const APPEAL_MESSAGE_MAX = 2000;
