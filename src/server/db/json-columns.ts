import { z } from 'zod';
import type { AgentLinkField } from '../../shared/api/agents.js';
import { importOriginSchema, provenanceSchema } from '../../shared/api/imports.js';
import {
  conformanceSchema,
  endpointAuthSchema,
  legacyToolSchema,
  protocolCheckSchema,
  type Conformance,
  type EndpointAuth,
  type ProtocolCheck,
} from '../../shared/api/probes.js';
import {
  resourceTemplateSchema,
  serverPromptSchema,
  toolChangeItemSchema,
  toolDefinitionSchema,
  toolFindingSchema,
  type ResourceTemplate,
  type ServerPrompt,
  type ToolChangeItem,
  type ToolDefinition,
  type ToolFinding,
} from '../../shared/api/tool-record.js';
import { toolHash } from '../features/probes/tool-hash.js';
import { webhookEvents, type WebhookEvent } from '../../shared/api/webhooks.js';
import { pricingModels } from '../../shared/catalogue.js';
import type { OauthStatesTable } from './schema.js';

/**
 * The columns that hold JSON text, each read through its one schema here, never by a cast where it
 * is used. A malformed value never fails a page, and reads the same way everywhere:
 * - text that is not JSON, or JSON of another shape, reads as the column's empty value (no tags, no
 *   tools, an empty draft; an OAuth handshake that cannot be read is no handshake at all);
 * - in a list, an element of another shape is dropped and the rest kept;
 * - in a stored draft or revision, a field of another type reads as absent and the others are kept.
 */
export function readJsonColumn<T, E = T>(schema: z.ZodType<T>, json: string | null, empty: E): T | E {
  if (json === null) return empty;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return empty;
  }
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : empty;
}

/** A list whose elements of another shape are dropped. */
function listOf<T>(item: z.ZodType<T>) {
  return z.array(z.unknown()).transform((values) =>
    values.flatMap((value) => {
      const parsed = item.safeParse(value);
      return parsed.success ? [parsed.data] : [];
    }),
  );
}

/** A field of a stored object that reads as absent when it holds another type. */
function field<T>(schema: z.ZodType<T>) {
  return schema.optional().catch(undefined);
}

/** agents.tags and favorites.tags: a listing's tags, or the tags a person gave a favorite. */
const tagsColumn = listOf(z.string());
export const readTags = (json: string | null): string[] => readJsonColumn(tagsColumn, json, []);

/**
 * agent_endpoints.tools: the tools (MCP) or skills (A2A) the last probe read, whole (since 0014). A
 * tool of a row written before holds only a name and a cut description: it reads as that body, hashed
 * as it is, with no findings, until the next probe writes the whole definition.
 */
const toolsColumn = listOf(
  z.union([
    toolDefinitionSchema,
    legacyToolSchema.transform((tool): ToolDefinition => {
      const body = { name: tool.name, description: tool.description, inputSchema: {} };
      return { ...body, hash: toolHash(body), findings: [] };
    }),
  ]),
);
export const readTools = (json: string | null): ToolDefinition[] => readJsonColumn(toolsColumn, json, []);

/** agent_endpoints.tool_set_findings: findings about the tool list as a whole. */
const toolFindingsColumn = listOf(toolFindingSchema);
export const readToolFindings = (json: string | null): ToolFinding[] =>
  readJsonColumn(toolFindingsColumn, json, []);

/** agent_endpoints.prompts: the prompts the server offers (null: it does not offer any). */
const promptsColumn = listOf(serverPromptSchema);
export const readPrompts = (json: string | null): ServerPrompt[] | null =>
  readJsonColumn(promptsColumn, json, null);

/** agent_endpoints.resource_templates: the resource templates the server offers (null: none offered). */
const resourceTemplatesColumn = listOf(resourceTemplateSchema);
export const readResourceTemplates = (json: string | null): ResourceTemplate[] | null =>
  readJsonColumn(resourceTemplatesColumn, json, null);

/** endpoint_changes.items: a change classified tool by tool (null in rows written before 0014). */
const toolChangeItemsColumn = listOf(toolChangeItemSchema);
export const readToolChangeItems = (json: string | null): ToolChangeItem[] | null =>
  readJsonColumn(toolChangeItemsColumn, json, null);

/** endpoint_changes.added and .removed: names of tools gained or lost between two probes. */
const toolNamesColumn = listOf(z.string());
export const readToolNames = (json: string | null): string[] => readJsonColumn(toolNamesColumn, json, []);

/** agent_endpoints.protocols: each protocol revision the last probe tried, and what it answered. */
const protocolsColumn = listOf(protocolCheckSchema);
export const readProtocols = (json: string | null): ProtocolCheck[] =>
  readJsonColumn(protocolsColumn, json, []);

/**
 * agent_endpoints.auth: the protected-resource metadata that proved an MCP server behind a login.
 * Rows stored before scopes were kept have none: they read as advertising none.
 */
const noScopes = { resource: null, authorizationServer: null };
const endpointAuthColumn = endpointAuthSchema.extend({
  scopes: endpointAuthSchema.shape.scopes.default(noScopes).catch(noScopes),
});
export const readEndpointAuth = (json: string | null): EndpointAuth | null =>
  readJsonColumn(endpointAuthColumn, json, null);

/** agent_endpoints.conformance: the last run of the MCP conformance suite. */
export const readConformance = (json: string | null): Conformance | null =>
  readJsonColumn(conformanceSchema, json, null);

/** webhooks.events: the events a webhook takes (a name no longer known is dropped). */
const webhookEventsColumn = listOf(z.enum(webhookEvents));
export const readWebhookEvents = (json: string | null): WebhookEvent[] =>
  readJsonColumn(webhookEventsColumn, json, []);

const storedText = field(z.string().nullable());

/** What a draft and a revision both store of a listing's fields. */
const storedListingShape = {
  name: storedText,
  tagline: storedText,
  description: storedText,
  category: storedText,
  tags: field(listOf(z.string()).nullable()),
  websiteUrl: storedText,
  repoUrl: storedText,
  docsUrl: storedText,
  mcpUrl: storedText,
  agentCardUrl: storedText,
  pricing: field(z.enum(pricingModels).nullable()),
  logoFileId: field(z.number().int().nullable()),
  githubRepo: storedText,
  license: storedText,
};

/** drafts.data: the draft's fields as the owner saved them, and what an import kept beside them. */
const draftDataColumn = z.object({
  ...storedListingShape,
  githubStars: field(z.number().int().nullable()),
  version: storedText,
  provenance: field(provenanceSchema),
  importedFrom: field(importOriginSchema),
});
export type StoredDraftData = z.output<typeof draftDataColumn>;
export const readDraftData = (json: string): StoredDraftData => readJsonColumn(draftDataColumn, json, {});

/** agent_revisions.data: the fields an edit proposes (checked in full when stored). */
const revisionDataColumn = z.object({
  ...storedListingShape,
  /** A revision the registry sync queued: the registry's version the listing shows once approved. */
  registryVersion: storedText,
});
export type StoredRevisionData = z.output<typeof revisionDataColumn>;
export const readRevisionData = (json: string): StoredRevisionData =>
  readJsonColumn(revisionDataColumn, json, {});

/** The addresses a stored draft or revision holds; one it does not hold reads as null. */
export function storedLinks(
  data: StoredDraftData | StoredRevisionData,
): Record<AgentLinkField, string | null> {
  return {
    websiteUrl: data.websiteUrl ?? null,
    repoUrl: data.repoUrl ?? null,
    docsUrl: data.docsUrl ?? null,
    mcpUrl: data.mcpUrl ?? null,
    agentCardUrl: data.agentCardUrl ?? null,
  };
}

/** oauth_states.payload: what each kind of handshake keeps until GitHub calls back. */
const oauthPayloadShapes = {
  github_signin: z.object({ returnPath: z.string() }),
  github_device: z.object({ deviceCode: z.string(), interval: z.number() }),
  github_connect: z.object({ flow: z.enum(['connect', 'install']) }),
} satisfies Record<OauthStatesTable['kind'], z.ZodType>;
type OauthPayloads = { [K in OauthStatesTable['kind']]: z.output<(typeof oauthPayloadShapes)[K]> };
export type OauthPayload<K extends OauthStatesTable['kind']> = OauthPayloads[K];
const oauthPayloadColumns: { [K in OauthStatesTable['kind']]: z.ZodType<OauthPayloads[K]> } =
  oauthPayloadShapes;

/** A handshake's payload, or null when it cannot be read (the handshake is then treated as gone). */
export function readOauthPayload<K extends OauthStatesTable['kind']>(
  kind: K,
  json: string,
): OauthPayload<K> | null {
  return readJsonColumn(oauthPayloadColumns[kind], json, null);
}
