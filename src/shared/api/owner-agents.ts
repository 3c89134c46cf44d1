import { z } from 'zod';
import { agentStatuses } from '../catalogue.js';
import { agentCategoryRefSchema } from './agents.js';
import { agentEventSchema, agentListingFieldsSchema } from './submissions.js';

/** An owner's listings: the list, the count, a listing's status and timeline, and editing it. */

/** One of the signed-in owner's agents: GET /api/user/agents. */
export const ownerAgentSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  tagline: z.string(),
  logoUrl: z.string().nullable(),
  category: agentCategoryRefSchema,
  status: z.enum(agentStatuses),
  verified: z.boolean(),
  rating: z.object({ average: z.number(), count: z.number().int() }),
  reputationScore: z.number(),
  favoritesCount: z.number().int(),
  viewsCount: z.number().int(),
  rejectionReason: z.string().nullable(),
  /** An edit of the published listing is waiting for review. */
  hasPendingRevision: z.boolean(),
  /** Reports about the listing that an admin has not decided yet (who reported is never told). */
  openReports: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  publishedAt: z.string().nullable(),
});
export type OwnerAgent = z.infer<typeof ownerAgentSchema>;

export const ownerAgentListSchema = z.object({ agents: z.array(ownerAgentSchema) });
export type OwnerAgentList = z.infer<typeof ownerAgentListSchema>;

/** GET /api/agents/{id}/status: owner or admin only (anyone else gets 404). */
export const agentStatusResponseSchema = z.object({
  agent: ownerAgentSchema,
  pendingRevision: z.object({ id: z.number().int(), createdAt: z.string() }).nullable(),
  events: z.array(agentEventSchema),
});
export type AgentStatusResponse = z.infer<typeof agentStatusResponseSchema>;

/**
 * GET /api/user/agents/{id}: one owned agent for /edit-agent/{id}; `fields` are the pending
 * revision's when one waits for review, else the live listing's. Someone else's agent answers 404.
 */
export const editableAgentSchema = z.object({
  agent: ownerAgentSchema,
  fields: agentListingFieldsSchema,
  pendingRevision: z.object({ id: z.number().int(), createdAt: z.string() }).nullable(),
});
export type EditableAgent = z.infer<typeof editableAgentSchema>;

/**
 * PUT /api/user/agents/{id} with agentFieldsSchema. A published agent keeps its live listing and the
 * change waits for review as a revision ("revision"); a pending agent is updated in place ("updated");
 * a rejected one is updated and goes back to the queue ("resubmitted").
 */
export const updateAgentResponseSchema = z.object({
  agentId: z.number().int(),
  status: z.enum(agentStatuses),
  outcome: z.enum(['revision', 'updated', 'resubmitted']),
});
export type UpdateAgentResponse = z.infer<typeof updateAgentResponseSchema>;

/** GET /api/user/agents/count: drives the owner menu entries. */
export const ownerAgentCountSchema = z.object({ count: z.number().int(), hasAgents: z.boolean() });
export type OwnerAgentCount = z.infer<typeof ownerAgentCountSchema>;
