import type { AgentStatus } from '../../shared/catalogue.js';
import type { UserRow } from '../db/schema.js';
import { notFound } from '../errors.js';
import { parseAgentRef, type AgentLookup } from '../features/agents/agent-lookup.js';

/** Who asks: the signed-in person (null when signed out). */
export type Actor = Pick<UserRow, 'id' | 'role'>;

/** What the policy reads of an agent: its owner and status, as the agents table holds them. */
export interface AgentAccess {
  owner_id: number | null;
  status: AgentStatus;
}

interface AgentRule {
  /** An administrator may do it too, on any listing (to look into it or to help its owner). */
  admin: boolean;
  /** Only while the listing is published: before, nobody may, its owner included. */
  publishedOnly?: boolean;
  /** Anybody, signed in or not, while the listing is published. */
  publicWhilePublished?: boolean;
}

/**
 * Who may do what with an agent. Everything not allowed here is answered as if the agent did not
 * exist (404), so nobody learns which ids or slugs belong to someone else's listing. Role checks
 * (admin pages) and the rules about one's own agent (no review of it) are not here: those are
 * refusals of a person who may see the agent, and answer 403.
 */
export const agentRules = {
  /** Its public page, reviews, health, feed and badge, and reporting or favoriting it. */
  read: { admin: false, publishedOnly: true, publicWhilePublished: true },
  /** Its claims and public record: public once published; before, its owner and admins see them. */
  'view-record': { admin: true, publicWhilePublished: true },
  /** The status page of a submission: its status and timeline. */
  'view-status': { admin: true },
  /** Reading the fields to edit, and editing them. */
  edit: { admin: false },
  /** Probing its endpoints now. */
  probe: { admin: true, publishedOnly: true },
  /** Making and removing ownership claims: they prove the owner's control, nobody else's. */
  claim: { admin: false },
  /** Checking a claim's evidence now; admins do it before they verify. */
  'check-claim': { admin: true },
  /** Appealing a rejection or a claim's lapse. */
  appeal: { admin: false },
  /** Replying to its reviews. */
  reply: { admin: false, publishedOnly: true },
  /** Its figures, search terms and score taken apart. */
  'view-metrics': { admin: true },
  /** What happened to it (the history page). */
  'view-history': { admin: true },
  /** A webhook limited to it. */
  subscribe: { admin: false },
} as const satisfies Record<string, AgentRule>;

export type AgentAction = keyof typeof agentRules;

export const agentActions = Object.keys(agentRules) as AgentAction[];

/** The rule of an action, for those that describe it (the OpenAPI marker of owner-only routes). */
export function agentRule(action: AgentAction): Required<AgentRule> {
  const rule: AgentRule = agentRules[action];
  return { publishedOnly: false, publicWhilePublished: false, ...rule };
}

/** Whether `actor` may do `action` with `agent`. */
export function can(actor: Actor | null, action: AgentAction, agent: AgentAccess): boolean {
  const rule = agentRule(action);
  const published = agent.status === 'published';
  if (rule.publishedOnly && !published) return false;
  if (rule.publicWhilePublished && published) return true;
  if (!actor) return false;
  if (agent.owner_id !== null && agent.owner_id === actor.id) return true;
  return rule.admin && actor.role === 'admin';
}

/**
 * The agent, when `actor` may do `action` with it; otherwise 404, the one answer for "not there"
 * and "not yours". `notFoundMessage` names what the request named (a review, for a reply).
 */
export function authorizeAgent<Agent extends AgentAccess>(
  actor: Actor | null,
  action: AgentAction,
  agent: Agent | null | undefined,
  notFoundMessage = 'Agent not found',
): Agent {
  if (!agent || !can(actor, action, agent)) throw notFound(notFoundMessage);
  return agent;
}

export type AgentAccessRow = AgentAccess & { id: number; rating_count: number };

/** The one query of an agent's owner and status (the agents repository's `findPublication`). */
export interface AgentAccessDeps {
  agentAccess: { findPublication(where: AgentLookup): Promise<AgentAccessRow | null> };
}

/** Finds the agent a path or query names by id or slug and authorizes `action` on it (404 otherwise). */
export async function findAuthorizedAgent(
  deps: AgentAccessDeps,
  actor: Actor | null,
  action: AgentAction,
  idOrSlug: number | string,
): Promise<AgentAccessRow> {
  const lookup = parseAgentRef(idOrSlug);
  return authorizeAgent(actor, action, lookup && (await deps.agentAccess.findPublication(lookup)));
}
