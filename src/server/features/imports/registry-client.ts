import { z } from 'zod';
import { REGISTRY_NAME_PATTERN } from '../../../shared/api/imports.js';
import { OutboundRefusal, type OutboundFetch } from '../../lib/outbound-fetch.js';

/**
 * The official MCP registry's API, v0.1 (modelcontextprotocol/registry, docs/reference/api/openapi.yaml):
 * a server's latest version, and the list of servers changed since a moment, a cursor page at a time.
 * Every request goes through the outbound guard.
 */

const httpUrl = z.string().refine((value) => /^https?:\/\//i.test(value));
/** An optional part that does not parse is left out rather than failing the whole document. */
const optional = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);

/** server.json (ServerDetail): the registry requires name, description and version. */
export const serverDetailSchema = z
  .object({
    name: z.string().regex(REGISTRY_NAME_PATTERN).max(200),
    description: z.string(),
    version: z.string().min(1).max(255),
    title: optional(z.string().min(1)),
    websiteUrl: optional(httpUrl),
    repository: optional(z.object({ url: httpUrl, source: z.string().optional() }).loose()),
    icons: optional(z.array(z.object({ src: z.string(), mimeType: z.string().optional() }).loose()).max(50)),
    remotes: optional(z.array(z.object({ type: z.string(), url: z.string() }).loose()).max(50)),
    packages: optional(
      z.array(z.object({ registryType: z.string(), identifier: z.string() }).loose()).max(50),
    ),
  })
  .loose();
export type ServerDetail = z.infer<typeof serverDetailSchema>;

const officialMetaSchema = z
  .object({
    status: z.enum(['active', 'deprecated', 'deleted']).optional(),
    updatedAt: z.string().optional(),
    isLatest: z.boolean().optional(),
  })
  .loose();

/** ServerResponse: the server and the registry's own metadata about it. */
export const serverResponseSchema = z.object({
  server: serverDetailSchema,
  _meta: z
    .object({ 'io.modelcontextprotocol.registry/official': officialMetaSchema.optional() })
    .loose()
    .optional(),
});
export type ServerResponse = z.infer<typeof serverResponseSchema>;

/** ServerList, whose entries are checked one by one (one malformed server does not stop a sync). */
const serverListSchema = z.object({
  servers: z.array(z.unknown()),
  metadata: z.object({ nextCursor: z.string().nullish(), count: z.number().optional() }).loose().optional(),
});

export function officialMeta(response: ServerResponse) {
  return response._meta?.['io.modelcontextprotocol.registry/official'] ?? {};
}

export type RegistryErrorKind = 'not_found' | 'unreachable' | 'invalid' | 'rate_limited';

export class RegistryError extends Error {
  override name = 'RegistryError';
  constructor(
    readonly kind: RegistryErrorKind,
    message: string,
    readonly retryAfterS: number | null = null,
  ) {
    super(message);
  }
}

export interface RegistryDeps {
  fetch: OutboundFetch;
  /** MCP_REGISTRY_URL, without a trailing slash. */
  registryUrl: string;
}

const MAX_RESPONSE_BYTES = 4 * 1024 * 1024;

async function getJson(deps: RegistryDeps, url: string, notFound: string): Promise<unknown> {
  let response: Response;
  let text: string;
  try {
    response = await deps.fetch(url, {
      headers: { accept: 'application/json' },
      maxBytes: MAX_RESPONSE_BYTES,
    });
    text = await response.text();
  } catch (error) {
    const why = error instanceof OutboundRefusal ? error.message : 'no connection';
    throw new RegistryError(
      'unreachable',
      `The MCP registry could not be reached (${why}). Please try again later.`,
    );
  }
  if (response.status === 404) throw new RegistryError('not_found', notFound);
  if (response.status === 429) {
    const retryAfter = Number(response.headers.get('retry-after'));
    throw new RegistryError(
      'rate_limited',
      'The MCP registry asks us to slow down. Please try again in a minute.',
      Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : 60,
    );
  }
  if (!response.ok)
    throw new RegistryError(
      'unreachable',
      `The MCP registry answered HTTP ${response.status}. Please try again later.`,
    );
  try {
    return JSON.parse(text);
  } catch {
    throw new RegistryError('invalid', 'The MCP registry answered with something that is not JSON.');
  }
}

/** GET /v0.1/servers/{name}/versions/latest. */
export async function fetchLatestServer(deps: RegistryDeps, name: string): Promise<ServerResponse> {
  const url = `${deps.registryUrl}/v0.1/servers/${encodeURIComponent(name)}/versions/latest`;
  const json = await getJson(deps, url, `The MCP registry has no server named ${name}.`);
  const parsed = serverResponseSchema.safeParse(json);
  if (!parsed.success)
    throw new RegistryError(
      'invalid',
      'The MCP registry answered with something that is not a server description.',
    );
  if (officialMeta(parsed.data).status === 'deleted')
    throw new RegistryError('not_found', `${name} was deleted from the MCP registry.`);
  return parsed.data;
}

export interface ServerPage {
  /** The entries that parse; `skipped` counts the others. */
  servers: ServerResponse[];
  skipped: number;
  nextCursor: string | null;
}

/** GET /v0.1/servers?updated_since=…&cursor=…&limit=…: one page of what changed. */
export async function fetchChangedServers(
  deps: RegistryDeps,
  options: { updatedSince: string | null; cursor: string | null; limit: number },
): Promise<ServerPage> {
  const query = new URLSearchParams({ limit: String(options.limit) });
  if (options.updatedSince) query.set('updated_since', options.updatedSince);
  if (options.cursor) query.set('cursor', options.cursor);
  const json = await getJson(
    deps,
    `${deps.registryUrl}/v0.1/servers?${query}`,
    'The MCP registry has no server list.',
  );
  const parsed = serverListSchema.safeParse(json);
  if (!parsed.success)
    throw new RegistryError('invalid', 'The MCP registry answered with something that is not a server list.');
  const servers: ServerResponse[] = [];
  let skipped = 0;
  for (const entry of parsed.data.servers) {
    const server = serverResponseSchema.safeParse(entry);
    if (server.success) servers.push(server.data);
    else skipped += 1;
  }
  return { servers, skipped, nextCursor: parsed.data.metadata?.nextCursor || null };
}
