import { z } from 'zod';
import { URL_MAX } from '../limits.js';
import { isHttpUrl } from '../rules/url.js';

/**
 * Importing an agent's details into a draft from what is already published: the
 * official MCP registry by server name, a server.json (address or pasted), or an A2A agent card.
 */

export const importSources = ['mcp-registry', 'server-json', 'agent-card'] as const;
export type ImportSource = (typeof importSources)[number];

export const importSourceLabels: Record<ImportSource, string> = {
  'mcp-registry': 'the MCP registry',
  'server-json': 'server.json',
  'agent-card': 'the A2A agent card',
};

/** The registry's own rule for a server name: reverse-DNS namespace, one slash, a name. */
export const REGISTRY_NAME_PATTERN = /^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/;
export const REGISTRY_NAME_MAX = 200;
/** A pasted server.json at most (the registry's own documents are a few KB). */
export const SERVER_JSON_MAX_CHARS = 100_000;

const sourceUrl = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(URL_MAX, `${label} can have at most ${URL_MAX} characters`)
    .refine(isHttpUrl, `${label} must be a full http:// or https:// address`);

/** POST /api/drafts/import. */
export const importRequestSchema = z.discriminatedUnion(
  'source',
  [
    z.strictObject({
      source: z.literal('mcp-registry'),
      name: z
        .string({ error: 'The server name is required' })
        .trim()
        .min(1, 'The server name is required')
        .max(REGISTRY_NAME_MAX, `The server name can have at most ${REGISTRY_NAME_MAX} characters`)
        .regex(REGISTRY_NAME_PATTERN, 'The server name looks like io.github.owner/server'),
    }),
    z
      .strictObject({
        source: z.literal('server-json'),
        url: sourceUrl('The server.json address').optional(),
        /** Pasted: the document's text, or the document itself. */
        json: z
          .union([
            z
              .string()
              .trim()
              .min(1, 'Paste the contents of server.json')
              .max(SERVER_JSON_MAX_CHARS, 'The pasted server.json is too long'),
            z.record(z.string(), z.unknown()),
          ])
          .optional(),
      })
      .refine((body) => (body.url === undefined) !== (body.json === undefined), {
        message: 'Give either the address of a server.json or its contents',
        path: ['url'],
      }),
    z.strictObject({
      source: z.literal('agent-card'),
      url: sourceUrl('The agent card address'),
    }),
  ],
  { error: 'source must be mcp-registry, server-json or agent-card' },
);
export type ImportRequest = z.input<typeof importRequestSchema>;

/** Where one field of a draft came from: the source, the address read (null when pasted), and when. */
export const provenanceEntrySchema = z.object({
  source: z.enum(importSources),
  url: z.string().nullable(),
  fetchedAt: z.string(),
});
export type ProvenanceEntry = z.infer<typeof provenanceEntrySchema>;

/** The draft's fields an import can fill, each with its provenance. */
export const importedFieldNames = [
  'name',
  'tagline',
  'description',
  'websiteUrl',
  'repoUrl',
  'githubRepo',
  'docsUrl',
  'mcpUrl',
  'agentCardUrl',
  'logoFileId',
  'version',
  'tags',
] as const;
export type ImportedFieldName = (typeof importedFieldNames)[number];

export const provenanceSchema = z.partialRecord(z.enum(importedFieldNames), provenanceEntrySchema);
export type Provenance = z.infer<typeof provenanceSchema>;

/** What a draft (and later its listing) was imported from. */
export const importOriginSchema = z.object({
  source: z.enum(importSources),
  url: z.string().nullable(),
  /** The registry's server name (mcp-registry, or a server.json naming one). */
  registryName: z.string().nullable(),
  version: z.string().nullable(),
  fetchedAt: z.string(),
});
export type ImportOrigin = z.infer<typeof importOriginSchema>;

/** The registry sync (admins): how often it runs, how it paces its requests, how far back it starts. */
export const REGISTRY_SYNC_INTERVAL_MS = 60 * 60 * 1000;
export const REGISTRY_SYNC_PAGE_SIZE = 100;
/** A run reads at most this many pages; the next run goes on from the saved cursor. */
export const REGISTRY_SYNC_MAX_PAGES = 50;
/** The first run reads what changed in the registry this long before the sync was turned on. */
export const REGISTRY_SYNC_FIRST_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;
export const IMPORT_CANDIDATES_PAGE_SIZE = 20;

export const registrySyncCountsSchema = z.object({
  pages: z.number().int(),
  servers: z.number().int(),
  /** New versions of listed servers queued as pending edits. */
  editsQueued: z.number().int(),
  candidatesAdded: z.number().int(),
  candidatesUpdated: z.number().int(),
  /** Servers left alone: older versions, deleted ones, a listing with an edit already waiting, unreadable entries. */
  skipped: z.number().int(),
});
export type RegistrySyncCounts = z.infer<typeof registrySyncCountsSchema>;

/** GET /api/admin/registry-sync. */
export const registrySyncStatusSchema = z.object({
  enabled: z.boolean(),
  registryUrl: z.string(),
  running: z.boolean(),
  intervalMinutes: z.number().int(),
  /** The registry's updatedAt the next run asks for changes after. */
  updatedSince: z.string().nullable(),
  lastRunAt: z.string().nullable(),
  lastSuccessAt: z.string().nullable(),
  lastError: z.string().nullable(),
  lastCounts: registrySyncCountsSchema.nullable(),
  candidatesWaiting: z.number().int(),
});
export type RegistrySyncStatus = z.infer<typeof registrySyncStatusSchema>;

/** PUT /api/admin/registry-sync. */
export const registrySyncSettingsSchema = z.strictObject({
  enabled: z.boolean({ error: 'enabled must be true or false' }),
});

export const importCandidateSchema = z.object({
  id: z.number().int(),
  registryName: z.string(),
  version: z.string(),
  title: z.string(),
  description: z.string(),
  registryUpdatedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ImportCandidate = z.infer<typeof importCandidateSchema>;

/** GET /api/admin/import-candidates: newest first; `nextBefore` asks for the next page. */
export const importCandidateListSchema = z.object({
  candidates: z.array(importCandidateSchema),
  total: z.number().int(),
  nextBefore: z.number().int().nullable(),
});
export type ImportCandidateList = z.infer<typeof importCandidateListSchema>;

export const importCandidatesQuerySchema = z.object({
  before: z.coerce
    .number({ error: 'before must be a candidate id' })
    .int('before must be a candidate id')
    .positive('before must be a candidate id')
    .max(Number.MAX_SAFE_INTEGER, 'before must be a candidate id')
    .optional(),
});
