import { z } from 'zod';
import { endpointKinds, probeStatuses } from '../trust.js';
import {
  resourceTemplateSchema,
  serverPromptSchema,
  toolDefinitionSchema,
  toolFindingSchema,
  toolFindingSeverities,
  toolSetChangeSchema,
} from './tool-record.js';

/**
 * Live health of an agent's endpoints: what the probes found, from the agent itself.
 * GET /api/agents/{idOrSlug}/health, and POST /api/agents/{id}/probe which probes now.
 */

/** A tool as rows written before the tool record (migration 0014) hold it: a name and a cut description. */
export const legacyToolSchema = z.object({ name: z.string(), description: z.string() });

/** The highest severity of an endpoint's findings; 'none' when it has none. */
export const riskSeverities = ['none', ...toolFindingSeverities] as const;
export type RiskSeverity = (typeof riskSeverities)[number];

/** One protocol revision a probe tried, and whether the server spoke it (or why not, in a sentence). */
export const protocolCheckSchema = z.object({
  version: z.string(),
  supported: z.boolean(),
  checkedAt: z.string(),
  detail: z.string().nullable(),
});
export type ProtocolCheck = z.infer<typeof protocolCheckSchema>;

/**
 * The scopes advertised: `resource` by the protected-resource metadata (RFC 9728 `scopes_supported`:
 * what this server asks for), `authorizationServer` by the loaded authorization servers' metadata
 * (RFC 8414 / OpenID `scopes_supported`: what they grant). Null where the metadata names none.
 */
export const endpointAuthScopesSchema = z.object({
  resource: z.array(z.string()).nullable(),
  authorizationServer: z.array(z.string()).nullable(),
});
export type EndpointAuthScopes = z.infer<typeof endpointAuthScopesSchema>;

/**
 * Where a server that asks for credentials says to get them: the address of its RFC 9728
 * protected-resource metadata, the authorization servers it names whose metadata loaded, and the
 * scopes the two advertise.
 */
export const endpointAuthSchema = z.object({
  resourceMetadata: z.string(),
  authorizationServers: z.array(z.string()),
  scopes: endpointAuthScopesSchema,
});
export type EndpointAuth = z.infer<typeof endpointAuthSchema>;
/**
 * Whether an A2A card's signature counts, by which key and why (not). A signature counts only with a
 * key bound to the card's origin (a JWKS that origin serves) or to an active ownership claim of the
 * listing, never with a key the card names itself; and only while the card's interfaces are on the
 * probed origin.
 */
export const cardSignatureSchema = z.object({
  verified: z.boolean(),
  keySource: z.enum(['origin', 'claim']).nullable(),
  detail: z.string(),
});
export type CardSignature = z.infer<typeof cardSignatureSchema>;

/** The statuses the official conformance suite gives a check. */
export const conformanceCheckStatuses = ['SUCCESS', 'FAILURE', 'WARNING', 'SKIPPED', 'INFO'] as const;

export const conformanceCheckSchema = z.object({
  id: z.string(),
  status: z.enum(conformanceCheckStatuses),
});
export type ConformanceCheck = z.infer<typeof conformanceCheckSchema>;

/**
 * The last run of the official MCP conformance suite against an endpoint: the suite as
 * "<package>@<version>", when it ran, the spec revision its scenarios were run for, and each check.
 * Run on the owner's or an admin's request (POST /api/agents/{id}/conformance) and weekly.
 */
export const conformanceSchema = z.object({
  suite: z.string(),
  ranAt: z.string(),
  specVersion: z.string(),
  passed: z.number().int(),
  failed: z.number().int(),
  checks: z.array(conformanceCheckSchema),
});
export type Conformance = z.infer<typeof conformanceSchema>;

export const endpointHealthSchema = z.object({
  kind: z.enum(endpointKinds),
  url: z.string(),
  status: z.enum([...probeStatuses, 'unknown']),
  checkedAt: z.string().nullable(),
  latencyMs: z.number().int().nullable(),
  /** Share of probes in the last 1, 7 and 30 days that found the endpoint available; null without probes. */
  uptime: z.object({ d1: z.number().nullable(), d7: z.number().nullable(), d30: z.number().nullable() }),
  /** The tools (MCP) or skills (A2A) whole, hashed, with findings (DESIGN section 10). */
  tools: z.array(toolDefinitionSchema),
  /** SHA-256 of the sorted tool hashes joined by "\n"; null before a probe read tools. */
  toolSetHash: z.string().nullable(),
  /** MCP: the server's instructions, prompts and resource templates; null when not offered. */
  instructions: z.string().nullable(),
  prompts: z.array(serverPromptSchema).nullable(),
  resourceTemplates: z.array(resourceTemplateSchema).nullable(),
  /** Findings about the tool list as a whole (its token budget, what the size caps left off). */
  toolSetFindings: z.array(toolFindingSchema),
  /** The highest severity of any finding; null before a probe read tools. */
  maxRiskSeverity: z.enum(riskSeverities).nullable(),
  /** Changes of the tool set, newest first, classified per tool. */
  changes: z.array(toolSetChangeSchema),
  /** Extra fields: what the last probe found wrong, in a sentence; and 30 daily uptime shares, oldest first. */
  detail: z.string().nullable(),
  days: z.array(z.object({ day: z.string(), uptime: z.number().nullable() })),
  /**
   * MCP: each protocol revision the last probe tried (the stateless 2026-07-28 era, the stateful
   * era's initialize), whether the server spoke it; empty before a probe and for A2A cards.
   */
  protocols: z.array(protocolCheckSchema),
  /** MCP: the proven way to credentials of a server that asks for them; null otherwise. */
  auth: endpointAuthSchema.nullable(),
  /** For an A2A card: whether its signature counts and why (null: the card carries none). */
  signature: cardSignatureSchema.nullable(),
  /** MCP: the last conformance suite run; null before one and for A2A cards. */
  conformance: conformanceSchema.nullable(),
});
export type EndpointHealth = z.infer<typeof endpointHealthSchema>;

export const agentHealthSchema = z.object({ endpoints: z.array(endpointHealthSchema) });
export type AgentHealth = z.infer<typeof agentHealthSchema>;
