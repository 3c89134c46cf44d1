import { z } from 'zod';

/**
 * The tool record (DESIGN section 10): every tool an MCP server lists, whole and hashed, what changed
 * between two probes, the risk findings of the published rules, the pins a gateway checks, and the
 * transparency log that proves what was observed.
 */

export const toolFindingSeverities = ['info', 'warning', 'danger'] as const;
export type ToolFindingSeverity = (typeof toolFindingSeverities)[number];

/** One rule's finding on a tool: the rule's id (explained on the rules page) and the quoted evidence. */
export const toolFindingSchema = z.object({
  rule: z.string(),
  severity: z.enum(toolFindingSeverities),
  evidence: z.string(),
});
export type ToolFinding = z.infer<typeof toolFindingSchema>;

/** A tool as the server sent it (descriptions not cut), before hashing and rules. */
export const toolBodySchema = z.object({
  name: z.string(),
  title: z.string().optional(),
  description: z.string().optional(),
  inputSchema: z.record(z.string(), z.unknown()),
  outputSchema: z.record(z.string(), z.unknown()).optional(),
  annotations: z.record(z.string(), z.unknown()).optional(),
});
export type ToolBody = z.infer<typeof toolBodySchema>;

/**
 * A tool on the record: its body, `hash` (lowercase hex SHA-256 of the RFC 8785 canonical JSON of
 * the body) and its findings.
 */
export const toolDefinitionSchema = toolBodySchema.extend({
  hash: z.string(),
  findings: z.array(toolFindingSchema),
});
export type ToolDefinition = z.infer<typeof toolDefinitionSchema>;

export const toolChangeKinds = [
  'added',
  'removed',
  'renamed',
  'description_changed',
  'input_changed',
  'output_changed',
  'annotations_changed',
] as const;
export type ToolChangeKind = (typeof toolChangeKinds)[number];

/**
 * One classified change of one tool. `tool` is its name now (for `removed`, its last name); `from`
 * is its name before a rename, else null; `detail` says in words what changed (e.g. "input widened:
 * new property 'path'", "readOnlyHint true → false"), and for description changes carries before
 * and after in `before` / `after`.
 */
export const toolChangeItemSchema = z.object({
  kind: z.enum(toolChangeKinds),
  tool: z.string(),
  from: z.string().nullable(),
  detail: z.string().nullable(),
  before: z.string().nullable().optional(),
  after: z.string().nullable().optional(),
});
export type ToolChangeItem = z.infer<typeof toolChangeItemSchema>;

/** A change of an endpoint's tool set, as one probe saw it; `logIndex` is its transparency log leaf. */
export const toolSetChangeSchema = z.object({
  at: z.string(),
  toolSetHash: z.string().nullable(),
  previousToolSetHash: z.string().nullable(),
  logIndex: z.number().int().nullable(),
  items: z.array(toolChangeItemSchema),
});
export type ToolSetChange = z.infer<typeof toolSetChangeSchema>;

/** GET /api/tool-hashes/{hash}: the pin a gateway checks before it trusts a tool or a tool set. */
export const toolHashPinSchema = z.object({
  hash: z.string(),
  kind: z.enum(['tool', 'toolset']),
  firstSeenAt: z.string(),
  lastSeenAt: z.string(),
  servedNow: z.boolean(),
  endpoints: z.array(z.object({ agentSlug: z.string(), url: z.string() })),
});
export type ToolHashPin = z.infer<typeof toolHashPinSchema>;

/** GET /api/transparency/tree-head: `signature` is a compact JWS over {treeSize, rootHash, timestamp}. */
export const treeHeadSchema = z.object({
  treeSize: z.number().int(),
  rootHash: z.string(),
  timestamp: z.string(),
  signature: z.string(),
});
export type TreeHead = z.infer<typeof treeHeadSchema>;

/** What one leaf of the log says, before canonicalisation (RFC 8785) into the leaf string. */
export interface ToolSetObservation {
  endpoint: string;
  observedAt: string;
  toolSetHash: string;
  toolHashes: string[];
}

export const transparencyEntriesSchema = z.object({
  entries: z.array(z.object({ index: z.number().int(), leaf: z.string(), leafHash: z.string() })),
});
export const inclusionProofSchema = z.object({ auditPath: z.array(z.string()) });
export const consistencyProofSchema = z.object({ consistencyPath: z.array(z.string()) });

/** A prompt the server offers (prompts/list), as sent: its name and whatever else it says of it. */
export const serverPromptSchema = z.object({ name: z.string() }).catchall(z.unknown());
export type ServerPrompt = z.infer<typeof serverPromptSchema>;

/** A resource template the server offers (resources/templates/list), as sent. */
export const resourceTemplateSchema = z
  .object({ uriTemplate: z.string(), name: z.string() })
  .catchall(z.unknown());
export type ResourceTemplate = z.infer<typeof resourceTemplateSchema>;

/** GET /api/tool-hashes/{hash}: a tool's or a tool set's hash, 64 hex characters. */
export const toolHashParamsSchema = z.object({
  hash: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'must be a SHA-256 hash: 64 hexadecimal characters')
    .transform((hash) => hash.toLowerCase()),
});
