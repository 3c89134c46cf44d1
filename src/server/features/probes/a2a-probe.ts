import canonicalize from 'canonicalize';
import { createLocalJWKSet, flattenedVerify, type JSONWebKeySet, type JWK } from 'jose';
import { z } from 'zod';
import { OutboundRefusal, type OutboundFetch } from '../../lib/outbound-fetch.js';
import { PROBE_TIMEOUT_MS, toolOf, type ProbeOutcome } from './mcp-probe.js';
import { DEGRADED_AFTER_MS } from '../../../shared/trust.js';

/**
 * The A2A agent card as the A2A specification defines it (AgentCard, AgentSkill, AgentCardSignature):
 * the fields a client needs to talk to the agent are required; the rest is checked when present.
 * Cards of 0.3 name their endpoint in `url`, cards of 1.0 in `supportedInterfaces`.
 */
const agentSkillSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  description: z.string(),
  tags: z.array(z.string()),
  examples: z.array(z.string()).optional(),
  inputModes: z.array(z.string()).optional(),
  outputModes: z.array(z.string()).optional(),
});

const agentInterfaceSchema = z.object({ url: z.string().url() }).passthrough();

const agentCardSignatureSchema = z.object({
  protected: z.string().min(1),
  signature: z.string().min(1),
  header: z.record(z.string(), z.unknown()).optional(),
});

export const agentCardSchema = z
  .object({
    protocolVersion: z.string().optional(),
    name: z.string().min(1),
    description: z.string(),
    url: z.string().url().optional(),
    supportedInterfaces: z.array(agentInterfaceSchema).optional(),
    additionalInterfaces: z.array(agentInterfaceSchema).optional(),
    preferredTransport: z.string().optional(),
    version: z.string().min(1),
    provider: z.object({ organization: z.string(), url: z.string() }).optional(),
    iconUrl: z.string().optional(),
    documentationUrl: z.string().optional(),
    capabilities: z.object({
      streaming: z.boolean().optional(),
      pushNotifications: z.boolean().optional(),
      stateTransitionHistory: z.boolean().optional(),
      extensions: z.array(z.object({ uri: z.string() }).passthrough()).optional(),
    }),
    securitySchemes: z.record(z.string(), z.unknown()).optional(),
    security: z.array(z.record(z.string(), z.array(z.string()))).optional(),
    defaultInputModes: z.array(z.string()),
    defaultOutputModes: z.array(z.string()),
    skills: z.array(agentSkillSchema),
    supportsAuthenticatedExtendedCard: z.boolean().optional(),
    signatures: z.array(agentCardSignatureSchema).optional(),
  })
  .passthrough()
  .refine((card) => card.url !== undefined || (card.supportedInterfaces?.length ?? 0) > 0, {
    message: 'The card names no endpoint (url or supportedInterfaces)',
    path: ['url'],
  });
export type AgentCard = z.infer<typeof agentCardSchema>;

const MAX_CARD_BYTES = 256 * 1024;
const protectedHeaderSchema = z.object({
  alg: z.string(),
  kid: z.string().optional(),
  jku: z.string().optional(),
  jwk: z.record(z.string(), z.unknown()).optional(),
});

function decodeProtectedHeader(encoded: string) {
  try {
    return protectedHeaderSchema.parse(JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')));
  } catch {
    return null;
  }
}

/**
 * Verifies each signature over the card without its `signatures` (RFC 8785 canonical JSON, the
 * payload detached as the A2A specification says). The key comes from the header's `jku` (a JWKS,
 * fetched through the outbound guard) or its `jwk`. True when every signature verifies.
 */
async function verifySignatures(
  card: Record<string, unknown>,
  fetch: OutboundFetch,
  signal: AbortSignal,
): Promise<boolean> {
  const { signatures, ...unsigned } = card;
  const payload = Buffer.from(canonicalize(unsigned) ?? '', 'utf8').toString('base64url');
  for (const signature of signatures as Array<z.infer<typeof agentCardSignatureSchema>>) {
    const header = decodeProtectedHeader(signature.protected);
    if (!header) return false;
    let keys: JSONWebKeySet;
    if (header.jku) {
      const response = await fetch(header.jku, {
        signal,
        maxBytes: 64 * 1024,
        headers: { accept: 'application/json' },
      });
      if (!response.ok) return false;
      keys = (await response.json()) as JSONWebKeySet;
    } else if (header.jwk) {
      keys = { keys: [header.jwk as JWK] };
    } else {
      return false;
    }
    try {
      await flattenedVerify(
        {
          protected: signature.protected,
          signature: signature.signature,
          payload,
          ...(signature.header ? { header: signature.header } : {}),
        },
        createLocalJWKSet(keys),
      );
    } catch {
      return false;
    }
  }
  return true;
}

/** Fetches the card, checks it against the A2A schema and verifies its signatures when it has any. */
export async function probeA2a(url: string, fetch: OutboundFetch): Promise<ProbeOutcome> {
  const started = performance.now();
  const signal = AbortSignal.timeout(PROBE_TIMEOUT_MS);
  const elapsed = () => Math.round(performance.now() - started);
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, {
      signal,
      maxBytes: MAX_CARD_BYTES,
      headers: { accept: 'application/json' },
    });
    text = await response.text();
  } catch (error) {
    const detail =
      error instanceof OutboundRefusal
        ? error.message
        : signal.aborted
          ? 'No answer in time'
          : 'The card could not be fetched';
    return { status: 'down', latencyMs: null, tools: null, detail, signed: null };
  }
  const latencyMs = elapsed();
  if (response.status === 401 || response.status === 403)
    return {
      status: 'needs_auth',
      latencyMs,
      tools: null,
      detail: `The card asks for credentials (HTTP ${response.status})`,
      signed: null,
    };
  if (response.status >= 500)
    return {
      status: 'down',
      latencyMs: null,
      tools: null,
      detail: `The server answered HTTP ${response.status}`,
      signed: null,
    };
  if (!response.ok)
    return {
      status: 'non_conformant',
      latencyMs,
      tools: null,
      detail: `The card address answered HTTP ${response.status}`,
      signed: null,
    };

  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { status: 'non_conformant', latencyMs, tools: null, detail: 'The card is not JSON', signed: null };
  }
  const parsed = agentCardSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? issue.path.join('.') : 'the card';
    return {
      status: 'non_conformant',
      latencyMs,
      tools: null,
      detail: `Not an A2A agent card: ${where}: ${issue?.message ?? 'invalid'}`,
      signed: null,
    };
  }
  const tools = parsed.data.skills.slice(0, 200).map((skill) => toolOf(skill.name, skill.description));
  let signed: boolean | null = null;
  if (parsed.data.signatures && parsed.data.signatures.length > 0) {
    try {
      signed = await verifySignatures(json as Record<string, unknown>, fetch, signal);
    } catch {
      signed = false;
    }
    if (!signed)
      return {
        status: 'non_conformant',
        latencyMs,
        tools,
        detail: 'The card carries a signature that does not verify',
        signed,
      };
  }
  const slow = latencyMs > DEGRADED_AFTER_MS;
  return {
    status: slow ? 'degraded' : 'up',
    latencyMs,
    tools,
    detail: slow ? `The card took ${(latencyMs / 1000).toFixed(1)} s` : null,
    signed,
  };
}
