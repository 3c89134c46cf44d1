import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  StreamableHTTPClientTransport,
  StreamableHTTPError,
} from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import type { Tool } from '../../../shared/api/probes.js';
import { OutboundRefusal, type OutboundFetch } from '../../lib/outbound-fetch.js';
import { DEGRADED_AFTER_MS, type ProbeStatus } from '../../../shared/trust.js';

/** What one probe found. `tools` is null when the probe could not read them (the last list stays). */
export interface ProbeOutcome {
  status: ProbeStatus;
  latencyMs: number | null;
  tools: Tool[] | null;
  detail: string | null;
  /** A2A only: whether the card's JWS signatures verified; null when it has none. */
  signed?: boolean | null;
}

export const PROBE_TIMEOUT_MS = 10_000;
const MAX_TOOL_PAGES = 10;
const MAX_TOOLS = 200;
const DESCRIPTION_MAX = 300;

export function toolOf(name: string, description: string | undefined): Tool {
  const text = (description ?? '').trim();
  return {
    name: name.slice(0, 128),
    description: text.length > DESCRIPTION_MAX ? `${text.slice(0, DESCRIPTION_MAX - 1)}…` : text,
  };
}

/** Whether a failure means the server answered in another protocol, or did not answer at all. */
function classify(error: unknown): { status: ProbeStatus; detail: string } {
  if (error instanceof OutboundRefusal) return { status: 'down', detail: error.message };
  if (error instanceof UnauthorizedError)
    return { status: 'needs_auth', detail: 'The server asks for credentials' };
  if (error instanceof StreamableHTTPError) {
    const code = error.code ?? 0;
    if (code === 401 || code === 403)
      return { status: 'needs_auth', detail: `The server asks for credentials (HTTP ${code})` };
    if (code >= 500) return { status: 'down', detail: `The server answered HTTP ${code}` };
    if (code === -1)
      return { status: 'non_conformant', detail: 'The server answered with a content type MCP does not use' };
    return { status: 'non_conformant', detail: `The server answered HTTP ${code} to an MCP request` };
  }
  if (error instanceof McpError) {
    // -32001 is the SDK's own request timeout.
    if (error.code === -32001) return { status: 'down', detail: 'No answer in time' };
    return { status: 'non_conformant', detail: `The server refused the handshake: ${error.message}` };
  }
  if (error instanceof SyntaxError || (error instanceof Error && error.name === 'ZodError'))
    return { status: 'non_conformant', detail: 'The server answered, but not with MCP messages' };
  if (error instanceof Error && /protocol version|invalid initialize/i.test(error.message))
    return { status: 'non_conformant', detail: error.message };
  return { status: 'down', detail: 'The server could not be reached' };
}

/**
 * An MCP handshake as a client would do it, with the official SDK over Streamable HTTP: `initialize`
 * (the SDK offers its latest protocol version and accepts the ones it supports), then
 * `notifications/initialized`, then `tools/list` page by page.
 */
export async function probeMcp(url: string, fetch: OutboundFetch): Promise<ProbeOutcome> {
  const started = performance.now();
  const abort = new AbortController();
  const deadline = setTimeout(() => abort.abort(), PROBE_TIMEOUT_MS);
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    // Every request, redirects included, goes through the outbound guard.
    fetch: (input, init) =>
      fetch(input instanceof URL ? input : String(input), {
        method: init?.method,
        headers: init?.headers,
        body: typeof init?.body === 'string' ? init.body : null,
        signal: init?.signal ? AbortSignal.any([init.signal, abort.signal]) : abort.signal,
      }),
    redirectPolicy: 'follow',
    reconnectionOptions: {
      maxRetries: 0,
      initialReconnectionDelay: 1000,
      maxReconnectionDelay: 1000,
      reconnectionDelayGrowFactor: 1,
    },
  });
  const client = new Client({ name: 'AgentAtlas probe', version: '1.0.0' }, { capabilities: {} });
  // The SDK reports stream errors here as well as by rejecting; the rejection is what counts.
  client.onerror = () => {};
  const options = { signal: abort.signal, timeout: PROBE_TIMEOUT_MS };
  try {
    await client.connect(transport, options);
    const tools: Tool[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < MAX_TOOL_PAGES && tools.length < MAX_TOOLS; page += 1) {
      const result = await client.listTools(cursor ? { cursor } : undefined, options);
      for (const tool of result.tools) tools.push(toolOf(tool.name, tool.description));
      cursor = result.nextCursor;
      if (!cursor) break;
    }
    const latencyMs = Math.round(performance.now() - started);
    return {
      status: latencyMs > DEGRADED_AFTER_MS ? 'degraded' : 'up',
      latencyMs,
      tools: tools.slice(0, MAX_TOOLS),
      detail: latencyMs > DEGRADED_AFTER_MS ? `The handshake took ${(latencyMs / 1000).toFixed(1)} s` : null,
    };
  } catch (error) {
    const latencyMs = Math.round(performance.now() - started);
    const outcome = abort.signal.aborted
      ? { status: 'down' as const, detail: 'No answer in time' }
      : classify(error);
    return { ...outcome, latencyMs: outcome.status === 'down' ? null : latencyMs, tools: null };
  } finally {
    clearTimeout(deadline);
    // End the session politely when the server keeps one; a failure here changes nothing.
    if (transport.sessionId) await transport.terminateSession().catch(() => {});
    await client.close().catch(() => {});
    // Ends a stream the server may still hold open (the SDK's optional GET after initialization).
    abort.abort();
  }
}
