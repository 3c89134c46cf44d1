import { z } from 'zod';
import { agentEvidenceSchema } from './evidence.js';
import { REGISTRY_NAME_MAX, REGISTRY_NAME_PATTERN } from './imports.js';

/**
 * The MCP registry's v0.1 API as AgentAtlas serves it (DESIGN section 11): every published listing with
 * an MCP endpoint is a server whose server.json comes from the listing, with the evidence behind it in
 * `_meta`. The shapes follow the registry's OpenAPI document (ServerDetail, ServerResponse, ServerList).
 */

export const REGISTRY_PAGE_DEFAULT = 30;
export const REGISTRY_PAGE_MAX = 100;
/** The registry's own caps on server.json text fields. */
export const SERVER_DESCRIPTION_MAX = 100;
export const SERVER_TITLE_MAX = 100;
/** Where our own evidence sits in `_meta`, next to the registry's official metadata. */
export const OFFICIAL_META_KEY = 'io.modelcontextprotocol.registry/official';
export const EVIDENCE_META_KEY = 'io.agentatlas/evidence';

const rfc3339 = z
  .string()
  .trim()
  .max(64, 'updated_since must be an RFC 3339 date-time')
  .refine((value) => /^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(Date.parse(value)), {
    message: 'updated_since must be an RFC 3339 date-time, like 2026-11-28T10:00:00Z',
  });

export const registryListQuerySchema = z.object({
  cursor: z.string().max(200, 'cursor is not one this registry gave out').optional(),
  limit: z.coerce
    .number({ message: 'limit must be a whole number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(REGISTRY_PAGE_MAX, `limit can be at most ${REGISTRY_PAGE_MAX}`)
    .default(REGISTRY_PAGE_DEFAULT)
    .describe(`Servers per page (1-${REGISTRY_PAGE_MAX}, ${REGISTRY_PAGE_DEFAULT} when left out)`),
  search: z
    .string()
    .max(200, 'search can have at most 200 characters')
    .optional()
    .describe("A part of the server's name or title, any case"),
  updated_since: rfc3339.optional().describe('Only servers whose listing changed at or after this moment'),
  version: z
    .string()
    .max(255, 'version can have at most 255 characters')
    .optional()
    .describe("'latest' (every server has one live version here) or an exact version"),
});
export type RegistryListQuery = z.infer<typeof registryListQuerySchema>;

export const serverNameParamsSchema = z.object({
  serverName: z
    .string()
    .max(REGISTRY_NAME_MAX, `serverName can have at most ${REGISTRY_NAME_MAX} characters`)
    .describe('The server name, URL-encoded (com.example%2Fmy-server)'),
});

export const serverVersionParamsSchema = serverNameParamsSchema.extend({
  version: z
    .string()
    .max(255, 'version can have at most 255 characters')
    .describe("'latest' or an exact version, URL-encoded"),
});

/** server.json (the registry's ServerDetail) as AgentAtlas writes it for a listing. */
export const serverJsonSchema = z.object({
  $schema: z.string(),
  name: z.string().regex(REGISTRY_NAME_PATTERN).max(REGISTRY_NAME_MAX),
  title: z.string().min(1).max(SERVER_TITLE_MAX),
  description: z.string().min(1).max(SERVER_DESCRIPTION_MAX),
  version: z.string().min(1).max(255),
  websiteUrl: z.string().optional(),
  repository: z.object({ url: z.string(), source: z.string() }).optional(),
  remotes: z.array(z.object({ type: z.literal('streamable-http'), url: z.string() })),
});
export type ServerJson = z.infer<typeof serverJsonSchema>;

export const registryServerSchema = z.object({
  server: serverJsonSchema,
  _meta: z.object({
    [OFFICIAL_META_KEY]: z.object({
      status: z.literal('active'),
      publishedAt: z.string(),
      updatedAt: z.string(),
      isLatest: z.literal(true),
    }),
    [EVIDENCE_META_KEY]: agentEvidenceSchema,
  }),
});
export type RegistryServer = z.infer<typeof registryServerSchema>;

export const registryServerListSchema = z.object({
  servers: z.array(registryServerSchema),
  metadata: z.object({
    count: z.number().int().describe('Servers on this page'),
    nextCursor: z.string().optional().describe('Pass as cursor for the next page; absent on the last'),
  }),
});
export type RegistryServerList = z.infer<typeof registryServerListSchema>;
