import {
  Client,
  SdkError,
  SdkHttpError,
  StreamableHTTPClientTransport,
  buildDiscoveryUrls,
  discoverOAuthProtectedResourceMetadata,
  extractWWWAuthenticateParams,
  type FetchLike,
  type VersionNegotiationMode,
} from '@modelcontextprotocol/client';
import type { EndpointAuth, ProtocolCheck } from '../../../shared/api/probes.js';
import type { ResourceTemplate, ServerPrompt, ToolBody } from '../../../shared/api/tool-record.js';
import { OutboundRefusal, type OutboundFetch } from '../../lib/outbound-fetch.js';
import { DEGRADED_AFTER_MS, type ProbeStatus } from '../../../shared/trust.js';

/** What one probe found. `tools` is null when the probe could not read them (the last list stays). */
export interface ProbeOutcome {
  status: ProbeStatus;
  latencyMs: number | null;
  tools: ToolBody[] | null;
  detail: string | null;
  /** MCP only: the server's `instructions` from the handshake or server/discover (null: none). */
  instructions?: string | null;
  /** MCP only: its prompts and resource templates; null when it does not offer the capability. */
  prompts?: ServerPrompt[] | null;
  resourceTemplates?: ResourceTemplate[] | null;
  /** What the size caps (TOOL_RECORD_CAPS) left off the record, a sentence each; empty when nothing. */
  capped?: string[];
  /** A2A only: whether the card's JWS signatures verified; null when it has none. */
  signed?: boolean | null;
  /** MCP only: each protocol revision tried, and whether the server spoke it. */
  protocols?: ProtocolCheck[];
  /** MCP only: where a server that asks for credentials says to get them; null when it does not ask. */
  auth?: EndpointAuth | null;
}

/** The whole probe, every era and the look for credentials' metadata included. */
export const PROBE_TIMEOUT_MS = 10_000;

/**
 * The size caps of the tool record, all in one place. What a server sends within them is kept as
 * sent; past them the probe keeps what fits and says what it left off (`capped`, a tool-set finding
 * on the endpoint), never fails: a huge tool list is a finding, not a crash.
 * - `tools`: tools kept per probe (the rest are left off), read in at most `toolPages` pages;
 * - `descriptionChars`: a description (or title) is kept whole up to this many characters, then cut;
 * - `toolBytes`: a tool's canonical JSON beyond this keeps its name, title and description, and its
 *   schemas and annotations are left off (its hash then says so: it is not what the server sent);
 * - `listBytes`: tools past this many bytes of canonical JSON in all are left off;
 * - `responseBytes`: one answer (a page of tools/list) may be this large; a larger page ends the list;
 * - `instructionsChars`, `prompts`, `resourceTemplates`, `itemBytes`: the same for the server's
 *   instructions and what it offers beside tools (read only when it offers the capability).
 */
export const TOOL_RECORD_CAPS = {
  tools: 200,
  toolPages: 10,
  descriptionChars: 16_384,
  toolBytes: 64 * 1024,
  listBytes: 1024 * 1024,
  responseBytes: 4 * 1024 * 1024,
  instructionsChars: 16_384,
  prompts: 100,
  resourceTemplates: 100,
  itemBytes: 16 * 1024,
} as const;

/** The stateless era: no handshake, `server/discover`, version and client in every request. */
export const MODERN_REVISION = '2026-07-28';
/** The stateful era's latest revision: `initialize` offers it and accepts the older ones a server answers. */
export const LEGACY_REVISION = '2025-11-25';

export const NO_AUTH_METADATA = 'The server asks for credentials but does not say where to get them';

/** An A2A skill as a tool of the record: its name and description (a skill has no input schema). */
export function toolOf(name: string, description: string | undefined): ToolBody {
  return {
    name: name.slice(0, 128),
    description: (description ?? '').slice(0, TOOL_RECORD_CAPS.descriptionChars),
    inputSchema: {},
  };
}

const jsonBytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value) ?? '', 'utf8');
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A text within `max` characters, or its first `max` and a note of what was cut. */
function capText(text: string, max: number, what: string, notes: string[]): string {
  if (text.length <= max) return text;
  notes.push(`The ${what} is ${text.length} characters; the first ${max} are on the record`);
  return text.slice(0, max);
}

/** A tool as the server sent it, within the caps (notes say what was left off). */
export function toolBodyWithinCaps(tool: Record<string, unknown>, notes: string[]): ToolBody {
  const name = String(tool.name);
  const text = (key: 'title' | 'description') =>
    typeof tool[key] === 'string'
      ? { [key]: capText(tool[key], TOOL_RECORD_CAPS.descriptionChars, `${key} of '${name}'`, notes) }
      : {};
  const words = { ...text('title'), ...text('description') };
  const body: ToolBody = {
    name,
    ...words,
    inputSchema: isRecord(tool.inputSchema) ? tool.inputSchema : {},
    ...(isRecord(tool.outputSchema) ? { outputSchema: tool.outputSchema } : {}),
    ...(isRecord(tool.annotations) ? { annotations: tool.annotations } : {}),
  };
  const bytes = jsonBytes(body);
  if (bytes <= TOOL_RECORD_CAPS.toolBytes) return body;
  notes.push(
    `The tool '${name}' is ${Math.round(bytes / 1024)} KB; its schemas and annotations are left off the record (cap ${TOOL_RECORD_CAPS.toolBytes / 1024} KB)`,
  );
  return { name, ...words, inputSchema: {} };
}

/** What a server offers beside tools, each item as sent within the caps. */
function itemsWithinCaps<T>(items: T[], max: number, what: string, notes: string[]): T[] {
  const kept = items.filter((one) => jsonBytes(one) <= TOOL_RECORD_CAPS.itemBytes);
  if (kept.length < items.length)
    notes.push(
      `${items.length - kept.length} ${what} over ${TOOL_RECORD_CAPS.itemBytes / 1024} KB each are left off the record`,
    );
  if (kept.length > max)
    notes.push(`The server offers ${kept.length} ${what}; the first ${max} are on the record`);
  return kept.slice(0, max);
}

/** Whether an error is the outbound guard refusing an answer for its size. */
const tooLarge = (error: unknown) =>
  causes(error).some((one) => one instanceof OutboundRefusal && /larger than/.test(one.message));

/** How one era's attempt ended. */
type EraResult =
  | {
      kind: 'spoken';
      version: string;
      latencyMs: number;
      tools: ToolBody[];
      instructions: string | null;
      prompts: ServerPrompt[] | null;
      resourceTemplates: ResourceTemplate[] | null;
      capped: string[];
    }
  /** The server answered, but not in this era (its other era may still work). */
  | { kind: 'unsupported'; detail: string }
  | { kind: 'unauthorized'; detail: string }
  | { kind: 'failed'; status: 'down' | 'non_conformant'; detail: string };

/** The errors an error wraps, outermost first (the SDK wraps the transport's in `cause`). */
function causes(error: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let current = error; current !== undefined && chain.length < 5;) {
    chain.push(current);
    current = current instanceof Error ? current.cause : undefined;
  }
  return chain;
}

/** What a failed attempt at one era says about the server. */
function classify(error: unknown, deadlinePassed: boolean): Exclude<EraResult, { kind: 'spoken' }> {
  const chain = causes(error);
  const refusal = chain.find((one) => one instanceof OutboundRefusal);
  if (refusal) return { kind: 'failed', status: 'down', detail: refusal.message };
  if (deadlinePassed) return { kind: 'failed', status: 'down', detail: 'No answer in time' };
  const http = chain.find((one) => one instanceof SdkHttpError);
  const status = http?.data?.status ?? 0;
  if (status === 401 || status === 403)
    return { kind: 'unauthorized', detail: `The server asks for credentials (HTTP ${status})` };
  if (status >= 500) return { kind: 'failed', status: 'down', detail: `The server answered HTTP ${status}` };
  const text = `${http?.data?.text ?? ''} ${chain.map((one) => (one instanceof Error ? one.message : '')).join(' ')}`;
  // -32022: the server answered the request with the revisions it speaks instead.
  if (/-32022|Unsupported protocol version/i.test(text)) {
    const supported = /"supported":\s*\[([^\]]*)\]/.exec(text)?.[1]?.replaceAll('"', '');
    return {
      kind: 'unsupported',
      detail: `Unsupported protocol version${supported ? ` (the server speaks ${supported.split(',').join(', ')})` : ''}`,
    };
  }
  for (const one of chain) {
    if (!(one instanceof SdkError)) continue;
    if (one.code === 'ERA_NEGOTIATION_FAILED' && /did not offer/i.test(one.message))
      return {
        kind: 'unsupported',
        detail: `The server does not offer ${MODERN_REVISION} (server/discover)`,
      };
    if (one.code === 'REQUEST_TIMEOUT')
      return { kind: 'failed', status: 'down', detail: 'No answer in time' };
    if (one.code === 'CLIENT_HTTP_UNEXPECTED_CONTENT') {
      const type = (one.data as { contentType?: string } | undefined)?.contentType?.split(';')[0];
      return {
        kind: 'failed',
        status: 'non_conformant',
        detail: `The server answered with a content type MCP does not use${type ? ` (${type})` : ''}`,
      };
    }
  }
  if (chain.some((one) => one instanceof SyntaxError || (one instanceof Error && one.name === 'ZodError')))
    return {
      kind: 'failed',
      status: 'non_conformant',
      detail: 'The server answered, but not with MCP messages',
    };
  if (status >= 400)
    return {
      kind: 'failed',
      status: 'non_conformant',
      detail: `The server answered HTTP ${status} to an MCP request`,
    };
  if (chain.some((one) => one instanceof TypeError))
    return { kind: 'failed', status: 'down', detail: 'The server could not be reached' };
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof Error && !(error instanceof SdkError))
    return {
      kind: 'failed',
      status: 'non_conformant',
      detail: `The server refused: ${message.slice(0, 200)}`,
    };
  return { kind: 'failed', status: 'down', detail: 'The server could not be reached' };
}

/**
 * One era as a client of it would speak, with the official v2 client: the stateless era pinned to
 * 2026-07-28 (`server/discover`, then `tools/list` page by page), or the stateful era's `initialize`
 * offering 2025-11-25 and taking the older revision a server answers, then `tools/list`.
 */
async function tryEra(
  url: string,
  mode: VersionNegotiationMode,
  fetch: FetchLike,
  abort: AbortSignal,
  /** Also read prompts and resource templates (when offered): only the first era that speaks does. */
  readExtras: boolean,
): Promise<EraResult> {
  const started = performance.now();
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    fetch,
    redirectPolicy: 'follow',
    reconnectionOptions: {
      maxRetries: 0,
      initialReconnectionDelay: 1000,
      maxReconnectionDelay: 1000,
      reconnectionDelayGrowFactor: 1,
    },
  });
  const client = new Client(
    { name: 'AgentAtlas probe', version: '2.0.0' },
    { capabilities: {}, versionNegotiation: { mode, probe: { maxRetries: 0 } } },
  );
  // The SDK reports stream errors here as well as by rejecting; the rejection is what counts.
  client.onerror = () => {};
  const options = { signal: abort, timeout: PROBE_TIMEOUT_MS };
  try {
    await client.connect(transport, options);
    const capped: string[] = [];
    const tools = await listToolsWithinCaps(client, options, capped);
    const latencyMs = Math.round(performance.now() - started);
    const capabilities = client.getServerCapabilities();
    const instructions = client.getInstructions();
    const prompts =
      readExtras && capabilities?.prompts
        ? await client
            .listPrompts(undefined, { ...options, cacheMode: 'bypass' })
            .then((result) =>
              itemsWithinCaps(result.prompts as ServerPrompt[], TOOL_RECORD_CAPS.prompts, 'prompts', capped),
            )
            .catch(() => null)
        : null;
    const resourceTemplates =
      readExtras && capabilities?.resources
        ? await client
            .listResourceTemplates(undefined, { ...options, cacheMode: 'bypass' })
            .then((result) =>
              itemsWithinCaps(
                result.resourceTemplates as ResourceTemplate[],
                TOOL_RECORD_CAPS.resourceTemplates,
                'resource templates',
                capped,
              ),
            )
            .catch(() => null)
        : null;
    return {
      kind: 'spoken',
      version:
        client.getNegotiatedProtocolVersion() ?? (mode === 'legacy' ? LEGACY_REVISION : MODERN_REVISION),
      latencyMs,
      tools,
      instructions:
        typeof instructions === 'string' && instructions !== ''
          ? capText(instructions, TOOL_RECORD_CAPS.instructionsChars, 'server instructions', capped)
          : null,
      prompts,
      resourceTemplates,
      capped,
    };
  } catch (error) {
    return classify(error, abort.aborted);
  } finally {
    // End a session a 2025 server may keep; a failure here changes nothing.
    if (transport.sessionId) await transport.terminateSession().catch(() => {});
    await client.close().catch(() => {});
  }
}

/** tools/list page by page, within the caps; a page larger than the caps allow ends the list. */
async function listToolsWithinCaps(
  client: Client,
  options: { signal: AbortSignal; timeout: number },
  capped: string[],
): Promise<ToolBody[]> {
  const tools: ToolBody[] = [];
  let listed = 0;
  let bytes = 0;
  let cursor: string | undefined;
  for (let page = 0; page < TOOL_RECORD_CAPS.toolPages; page += 1) {
    let result;
    try {
      result = await client.listTools(cursor ? { cursor } : undefined, { ...options, cacheMode: 'bypass' });
    } catch (error) {
      // Only an answer too large for the caps ends the list quietly; anything else is the era's failure.
      if (!tooLarge(error)) throw error;
      capped.push(
        `A page of the tool list is larger than ${TOOL_RECORD_CAPS.responseBytes / 1024 / 1024} MB; the tools before it are on the record`,
      );
      break;
    }
    for (const tool of result.tools) {
      listed += 1;
      if (tools.length >= TOOL_RECORD_CAPS.tools) continue;
      const body = toolBodyWithinCaps(tool as Record<string, unknown>, capped);
      const size = jsonBytes(body);
      if (bytes + size > TOOL_RECORD_CAPS.listBytes) continue;
      bytes += size;
      tools.push(body);
    }
    cursor = result.nextCursor;
    if (!cursor) break;
    if (page === TOOL_RECORD_CAPS.toolPages - 1)
      capped.push(
        `The tool list has more than ${TOOL_RECORD_CAPS.toolPages} pages; the first ${TOOL_RECORD_CAPS.toolPages} are on the record`,
      );
  }
  if (listed > tools.length)
    capped.push(
      `The server lists ${listed} tools; ${tools.length} are on the record (caps: ${TOOL_RECORD_CAPS.tools} tools, ${TOOL_RECORD_CAPS.listBytes / 1024 / 1024} MB in all)`,
    );
  return tools;
}

/**
 * Where a server that answered 401 or 403 says credentials come from, as MCP's authorization rules
 * let a client look: the RFC 9728 protected-resource metadata that `WWW-Authenticate` names in
 * `resource_metadata`, or else the resource's `/.well-known/oauth-protected-resource` location; then
 * the metadata (RFC 8414, or OpenID discovery) of each authorization server it names. Null unless
 * at least one authorization server's metadata loads. The scopes each advertises (`scopes_supported`
 * of RFC 9728 and of RFC 8414) are kept, null where one names none.
 */
async function provenAuth(
  url: string,
  challenge: Response | null,
  fetch: FetchLike,
): Promise<EndpointAuth | null> {
  const hinted = challenge ? extractWWWAuthenticateParams(challenge).resourceMetadataUrl : undefined;
  let resourceMetadataUrl: string | undefined;
  // Records where the metadata was found: the hint, or the first well-known location that answered.
  const recording: FetchLike = async (input, init) => {
    const response = await fetch(input, init);
    if (response.ok && resourceMetadataUrl === undefined) resourceMetadataUrl = String(input);
    return response;
  };
  const metadata = await discoverOAuthProtectedResourceMetadata(
    url,
    hinted ? { resourceMetadataUrl: hinted } : {},
    recording,
  ).catch(() => undefined);
  const named = (metadata?.authorization_servers ?? []).filter((server) => typeof server === 'string');
  if (!metadata || !resourceMetadataUrl || named.length === 0) return null;
  const loaded: string[] = [];
  let offered: string[] | null = null;
  for (const server of named.slice(0, 3)) {
    const serverMetadata = await authorizationServerMetadata(server, fetch);
    if (!serverMetadata) continue;
    loaded.push(server);
    const scopes = scopesOf(serverMetadata.scopes_supported);
    if (scopes) offered = scopesOf([...(offered ?? []), ...scopes]);
  }
  if (loaded.length === 0) return null;
  return {
    resourceMetadata: resourceMetadataUrl,
    authorizationServers: loaded,
    scopes: { resource: scopesOf(metadata.scopes_supported), authorizationServer: offered },
  };
}

/** At most this many scopes are kept from one `scopes_supported` list, each at most this long. */
const AUTH_SCOPES_MAX = 50;
const AUTH_SCOPE_MAX_LENGTH = 200;
/** A scope token as RFC 6749 (3.3) spells it: printable ASCII but space, `"` and `\`. */
const SCOPE_TOKEN = /^[\x21\x23-\x5b\x5d-\x7e]+$/;

/** A `scopes_supported` list as kept: its scope tokens, once each, within bounds; null when it names none. */
function scopesOf(value: unknown): string[] | null {
  if (!Array.isArray(value)) return null;
  const scopes = [
    ...new Set(
      value.filter(
        (scope): scope is string =>
          typeof scope === 'string' && scope.length <= AUTH_SCOPE_MAX_LENGTH && SCOPE_TOKEN.test(scope),
      ),
    ),
  ].slice(0, AUTH_SCOPES_MAX);
  return scopes.length > 0 ? scopes : null;
}

/**
 * An authorization server's metadata, when it loads from one of the places RFC 8414 and OpenID
 * discovery put it (the SDK's list, in its order), naming that server as its issuer; null when it
 * does not. Each place is asked on its own, so one the outbound guard refuses does not hide the next.
 */
async function authorizationServerMetadata(
  issuer: string,
  fetch: FetchLike,
): Promise<{ scopes_supported?: unknown } | null> {
  let expected: string;
  try {
    expected = new URL(issuer).href.replace(/\/$/, '');
  } catch {
    return null;
  }
  for (const { url } of buildDiscoveryUrls(issuer)) {
    try {
      const response = await fetch(url, { headers: { accept: 'application/json' } });
      if (!response.ok) {
        await response.body?.cancel();
        continue;
      }
      const metadata = (await response.json()) as { issuer?: unknown; scopes_supported?: unknown } | null;
      if (typeof metadata?.issuer === 'string' && metadata.issuer.replace(/\/$/, '') === expected)
        return metadata;
    } catch {
      // Not there (refused, unreachable or not JSON): the next place may have it.
    }
  }
  return null;
}

/**
 * Probes an MCP server in both eras, one after the other so a host sees one request at a time: the
 * stateless 2026-07-28 era, then the stateful era. Each revision tried is recorded with why it was
 * not spoken; the server is up when either era works. When the first era finds the server unreachable
 * or behind credentials, the second is not tried: its answer would be the same. A revision answered
 * only with a request for credentials is not recorded, since whether the server speaks it is unknown.
 */
export async function probeMcp(url: string, fetch: OutboundFetch): Promise<ProbeOutcome> {
  const abort = new AbortController();
  const deadline = setTimeout(() => abort.abort(), PROBE_TIMEOUT_MS);
  const started = performance.now();
  // The first 401 or 403, whose WWW-Authenticate may say where credentials' metadata is.
  const seen: { challenge: Response | null } = { challenge: null };
  // Every request, redirects included, goes through the outbound guard.
  const guarded: FetchLike = async (input, init) => {
    const response = await fetch(input instanceof URL ? input : String(input), {
      maxBytes: TOOL_RECORD_CAPS.responseBytes,
      method: init?.method,
      headers: init?.headers,
      body: typeof init?.body === 'string' ? init.body : null,
      signal: init?.signal ? AbortSignal.any([init.signal, abort.signal]) : abort.signal,
    });
    if (response.status === 401 || response.status === 403) seen.challenge ??= response.clone();
    return response;
  };

  const protocols: ProtocolCheck[] = [];
  const results: EraResult[] = [];
  try {
    for (const [revision, mode] of [
      [MODERN_REVISION, { pin: MODERN_REVISION }],
      [LEGACY_REVISION, 'legacy'],
    ] as const) {
      const checkedAt = new Date().toISOString();
      const readExtras = !results.some((earlier) => earlier.kind === 'spoken');
      const result = await tryEra(url, mode, guarded, abort.signal, readExtras);
      results.push(result);
      if (result.kind === 'spoken') {
        // A 2025 server may answer initialize with an older revision than the one offered.
        if (result.version !== revision)
          protocols.push({
            version: revision,
            supported: false,
            checkedAt,
            detail: `The server answered ${result.version} instead`,
          });
        protocols.push({ version: result.version, supported: true, checkedAt, detail: null });
      } else if (result.kind !== 'unauthorized')
        protocols.push({ version: revision, supported: false, checkedAt, detail: result.detail });
      // Behind credentials the era is neither spoken nor refused as far as anyone can tell: no entry.
      if (result.kind === 'unauthorized' || (result.kind === 'failed' && result.status === 'down')) break;
    }

    const spoken = results.find((result) => result.kind === 'spoken');
    if (spoken) {
      const slow = spoken.latencyMs > DEGRADED_AFTER_MS;
      return {
        status: slow ? 'degraded' : 'up',
        latencyMs: spoken.latencyMs,
        tools: spoken.tools,
        instructions: spoken.instructions,
        prompts: spoken.prompts,
        resourceTemplates: spoken.resourceTemplates,
        capped: spoken.capped,
        detail: slow ? `The server took ${(spoken.latencyMs / 1000).toFixed(1)} s to answer` : null,
        protocols,
        auth: null,
      };
    }
    if (results.some((result) => result.kind === 'unauthorized')) {
      const auth = await provenAuth(url, seen.challenge, guarded);
      const latencyMs = Math.round(performance.now() - started);
      return auth
        ? {
            status: 'needs_auth',
            latencyMs,
            tools: null,
            detail: 'The server asks for credentials',
            protocols,
            auth,
          }
        : {
            status: 'non_conformant',
            latencyMs,
            tools: null,
            detail: NO_AUTH_METADATA,
            protocols,
            auth: null,
          };
    }
    const failures = results.flatMap((result) => (result.kind === 'failed' ? [result] : []));
    if (failures.length === 0)
      return {
        status: 'non_conformant',
        latencyMs: Math.round(performance.now() - started),
        tools: null,
        detail: `No protocol revision AgentAtlas speaks: ${protocols
          .map((check) => `${check.version}: ${check.detail}`)
          .join('; ')}`,
        protocols,
        auth: null,
      };
    // A failure to answer outweighs an era's refusal: the server did not answer what it speaks.
    const down = failures.every((result) => result.status === 'down');
    const telling = failures.find((result) => result.status === (down ? 'down' : 'non_conformant'))!;
    return {
      status: down ? 'down' : 'non_conformant',
      latencyMs: down ? null : Math.round(performance.now() - started),
      tools: null,
      detail: telling.detail,
      protocols,
      auth: null,
    };
  } finally {
    clearTimeout(deadline);
    // Ends a stream the server may still hold open (the SDK's optional GET after initialization).
    abort.abort();
  }
}
