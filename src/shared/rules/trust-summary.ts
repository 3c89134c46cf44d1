import {
  claimMethods,
  isAvailable,
  type ClaimMethod,
  type EndpointStatus,
  type ProbeStatus,
} from '../trust.js';
import type { AgentPageSection } from '../routes.js';

/**
 * The MCP protocol revisions (eras) a listing can be filtered by, newest first: the stateless
 * 2026-07-28 era and the revisions of the stateful era a server may still answer initialize with.
 */
export const mcpRevisions = ['2026-07-28', '2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'] as const;
export type McpRevision = (typeof mcpRevisions)[number];

export function isMcpRevision(value: string): value is McpRevision {
  return (mcpRevisions as readonly string[]).includes(value);
}

/**
 * An agent's health in one word: its probed endpoints all answer (up), one fails (down), none was
 * probed yet (unknown), or it lists no endpoint to probe (none).
 */
export const agentHealthStates = ['up', 'down', 'unknown', 'none'] as const;
export type AgentHealthState = (typeof agentHealthStates)[number];

/**
 * The agent's health from its endpoints' statuses, by the one rule of availability: down as soon as
 * one probed endpoint fails, up when every probed one answers, unknown before any probe, none
 * without an endpoint. The same
 * split as the listing's health filter.
 */
export function agentHealthOf(statuses: readonly EndpointStatus[]): AgentHealthState {
  if (statuses.length === 0) return 'none';
  const probed = statuses.filter((status): status is ProbeStatus => status !== 'unknown');
  if (probed.length === 0) return 'unknown';
  return probed.every(isAvailable) ? 'up' : 'down';
}

/** The protocol revisions an agent's MCP endpoints were last found to speak, newest first, each once. */
export function supportedRevisions(checks: ReadonlyArray<{ version: string; supported: boolean }>): string[] {
  const spoken = new Set(checks.filter((check) => check.supported).map((check) => check.version));
  return [...spoken].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0));
}

/** Ownership methods of active claims, in the fixed order of claimMethods, each once. */
export function ownershipMethods(methods: readonly ClaimMethod[]): ClaimMethod[] {
  return claimMethods.filter((method) => methods.includes(method));
}

const healthWords: Record<Exclude<AgentHealthState, 'none'>, string> = {
  up: 'Up',
  down: 'Down',
  unknown: 'Not checked yet',
};

const ownershipWords: Record<ClaimMethod, string> = {
  dns: 'DNS',
  'well-known': 'well-known file',
  github: 'GitHub',
};

/** One part of the one-line trust summary, and the section of the agent's page holding its evidence. */
export interface TrustSummaryPart {
  key: 'health' | 'protocols' | 'ownership';
  text: string;
  /** The same on a listing card, where the line must fit two lines of a narrow card. */
  short: string;
  section: AgentPageSection;
}

/**
 * The one-line trust summary of an agent's header and card: up or down, the MCP eras it speaks, how
 * ownership was shown. A part with nothing to say beyond "not yet" is left out, except health; an
 * agent that lists no endpoint has no health to tell (nothing will ever be checked).
 */
export function trustSummaryParts(trust: {
  health: AgentHealthState;
  protocols: readonly string[];
  ownership: readonly ClaimMethod[];
}): TrustSummaryPart[] {
  const parts: TrustSummaryPart[] = [];
  if (trust.health !== 'none') {
    const health = healthWords[trust.health];
    parts.push({ key: 'health', text: health, short: health, section: 'health' });
  }
  const [newest, ...older] = trust.protocols;
  if (newest !== undefined)
    parts.push({
      key: 'protocols',
      text: `MCP ${trust.protocols.join(', ')}`,
      short: older.length > 0 ? `MCP ${newest} +${older.length}` : `MCP ${newest}`,
      section: 'health',
    });
  if (trust.ownership.length > 0)
    parts.push({
      key: 'ownership',
      text: `Owner proven by ${trust.ownership.map((method) => ownershipWords[method]).join(', ')}`,
      short: 'Owner proven',
      section: 'claims',
    });
  return parts;
}
