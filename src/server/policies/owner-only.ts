import type { RouteOptions } from 'fastify';
import { agentRule, type AgentAction } from './agent-policy.js';
import { isOwnedAction, ownedRules, type OwnedAction } from './owned-policy.js';

/**
 * The OpenAPI extension that marks an operation only the owner of what it names (an agent, or one
 * of the person's own rows) may call, and maybe an admin.
 */
export const OWNER_ONLY = 'x-owner-only';

/**
 * What the marker says, in the OpenAPI document too: the action asked of the policy, where the
 * request names its subject and what that is (an agent, a review of it, a draft…) and, from the
 * policy's rule, whether an admin may and whether the listing must be published. Tests enumerate
 * the marked operations from the document, so a new owner-only route is checked once marked.
 */
export interface OwnerOnlyMarker {
  action: AgentAction | OwnedAction;
  in: 'path' | 'query' | 'body';
  name: string;
  names: string;
  admin: boolean;
  publishedOnly: boolean;
}

declare module 'fastify' {
  interface FastifySchema {
    [OWNER_ONLY]?: OwnerOnlyMarker;
  }
}

/** The marker to spread into a route's schema: `schema: { ...ownerOnly('probe'), params, … }`. */
export function ownerOnly(
  action: AgentAction | OwnedAction,
  where: Partial<Pick<OwnerOnlyMarker, 'in' | 'name' | 'names'>> = {},
): { [OWNER_ONLY]: OwnerOnlyMarker } {
  const rule = isOwnedAction(action)
    ? { ...ownedRules[action], publishedOnly: false }
    : { ...agentRule(action), names: 'agent' };
  return {
    [OWNER_ONLY]: {
      action,
      in: where.in ?? 'path',
      name: where.name ?? 'id',
      names: where.names ?? rule.names,
      admin: rule.admin,
      publishedOnly: rule.publishedOnly,
    },
  };
}

/**
 * An `onRoute` hook: a marked route must document what the policy answers (401 signed out, 404
 * for anyone else) and never 403, which the policy does not answer; the server refuses to start
 * otherwise, so the OpenAPI document cannot drift from the policy.
 */
export function checkOwnerOnlyRoute(route: RouteOptions): void {
  const schema = route.schema;
  if (!schema?.[OWNER_ONLY]) return;
  const statuses = Object.keys((schema.response ?? {}) as Record<string, unknown>);
  const where = `${String(route.method)} ${route.url}`;
  for (const status of ['401', '404'])
    if (!statuses.includes(status)) throw new Error(`${where} is owner-only but does not document ${status}`);
  if (statuses.includes('403'))
    throw new Error(`${where} is owner-only: what is someone else's answers 404, so 403 is not documented`);
}
