import canonicalize from 'canonicalize';
import { createLocalJWKSet, flattenedVerify, type JSONWebKeySet, type JWK } from 'jose';
import { z } from 'zod';
import { OutboundRefusal, type OutboundFetch } from '../../lib/outbound-fetch.js';
import { PROBE_TIMEOUT_MS, toolOf, type ProbeOutcome } from './mcp-probe.js';
import { DEGRADED_AFTER_MS } from '../../../shared/trust.js';
import type { CardSignature } from '../../../shared/api/probes.js';

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
const MAX_JWKS_BYTES = 64 * 1024;
/** Where an origin publishes its keys (RFC 8615 well-known, the name OAuth and OIDC servers use). */
export const JWKS_PATH = '/.well-known/jwks.json';

const protectedHeaderSchema = z.object({
  alg: z.string(),
  kid: z.string().optional(),
  jku: z.string().optional(),
  jwk: z.record(z.string(), z.unknown()).optional(),
});
type ProtectedHeader = z.infer<typeof protectedHeaderSchema>;

function decodeProtectedHeader(encoded: string) {
  try {
    return protectedHeaderSchema.parse(JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')));
  } catch {
    return null;
  }
}

/** What the scheduler knows of the listing and passes to the probe (it runs on a worker). */
export interface A2aProbeInput {
  /** Subjects (domain, or host:port locally) of the listing's active dns and well-known claims. */
  claimDomains?: readonly string[];
}

export type A2aProbeOutcome = ProbeOutcome & { signature?: CardSignature | null };

const originOf = (url: string): string | null => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/** The card's interface URLs that are not on `origin`, as their origins. */
function foreignInterfaces(card: AgentCard, origin: string): string[] {
  const urls = [
    card.url,
    ...(card.supportedInterfaces ?? []).map((entry) => entry.url),
    ...(card.additionalInterfaces ?? []).map((entry) => entry.url),
  ].filter((url): url is string => url !== undefined);
  return [...new Set(urls.map((url) => originOf(url) ?? url))].filter((other) => other !== origin);
}

/**
 * The JWKS addresses of the listing's active claims that cover the card's host: the claimed domain
 * is the host or a parent of it, and its JWKS is at the well-known path of that domain (with the
 * card's scheme, and its port unless the claim names one). One the card's own origin serves is the
 * origin's, not a claim's.
 */
export function claimKeyUrls(cardUrl: string, claimDomains: readonly string[]): string[] {
  const card = new URL(cardUrl);
  const urls = new Set<string>();
  for (const subject of claimDomains) {
    const [domain = '', port] = subject.toLowerCase().split(':');
    const host = card.hostname.toLowerCase();
    if (!domain || (host !== domain && !host.endsWith(`.${domain}`))) continue;
    const url = new URL(JWKS_PATH, card.origin);
    url.hostname = domain;
    if (port !== undefined) url.port = port;
    if (url.origin !== card.origin) urls.add(url.href);
  }
  return [...urls];
}

type KeySetAnswer = { keys: JSONWebKeySet } | { problem: string };

async function fetchJwks(url: string, fetch: OutboundFetch, signal: AbortSignal): Promise<KeySetAnswer> {
  try {
    const response = await fetch(url, {
      signal,
      maxBytes: MAX_JWKS_BYTES,
      headers: { accept: 'application/json' },
    });
    if (!response.ok) return { problem: `${url} answered HTTP ${response.status}` };
    const body = (await response.json()) as { keys?: unknown };
    if (!Array.isArray(body?.keys)) return { problem: `${url} is not a JWKS` };
    return { keys: body as JSONWebKeySet };
  } catch (error) {
    return {
      problem: `${url} could not be fetched${error instanceof OutboundRefusal ? ` (${error.message})` : ''}`,
    };
  }
}

type Verification = 'verified' | 'no-key' | 'invalid';

async function verifyWith(
  signature: z.infer<typeof agentCardSignatureSchema>,
  payload: string,
  keys: JSONWebKeySet,
): Promise<Verification> {
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
    return 'verified';
  } catch (error) {
    return (error as { code?: string }).code === 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED'
      ? 'invalid'
      : 'no-key';
  }
}

/** How a signature names its own key, in words, or null when it names none or one on the card's origin. */
function selfNamedKey(header: ProtectedHeader, origin: string): string | null {
  if (header.jwk) return 'a key it carries itself (jwk)';
  if (header.jku && originOf(header.jku) !== origin)
    return `a key set on another origin (jku ${originOf(header.jku) ?? header.jku})`;
  return null;
}

interface SignatureFinding {
  signature: CardSignature;
  /** The signature does not verify with any key it could be checked with: the card was changed. */
  broken: boolean;
}

/**
 * Checks the card's signatures (JWS over the card without `signatures`, RFC 8785 canonical JSON, the
 * payload detached as the A2A specification says) with keys bound to the card, never with a key the
 * card names itself: the JWKS of the card's origin (the header's `jku` when it is on that origin,
 * else JWKS_PATH there), then the JWKS of the domains of the listing's active ownership claims.
 * A signature counts only while every interface of the card is on its origin.
 */
async function checkSignatures(
  card: AgentCard,
  json: Record<string, unknown>,
  cardUrl: string,
  input: A2aProbeInput,
  fetch: OutboundFetch,
  signal: AbortSignal,
): Promise<SignatureFinding> {
  const origin = new URL(cardUrl).origin;
  const { signatures, ...unsigned } = json;
  const payload = Buffer.from(canonicalize(unsigned) ?? '', 'utf8').toString('base64url');
  const keySets = new Map<string, Promise<KeySetAnswer>>();
  const keysAt = (url: string) => {
    let answer = keySets.get(url);
    if (!answer) keySets.set(url, (answer = fetchJwks(url, fetch, signal)));
    return answer;
  };
  const claimUrls = claimKeyUrls(cardUrl, input.claimDomains ?? []);
  const foreign = foreignInterfaces(card, origin);
  let firstMiss: SignatureFinding | null = null;

  for (const signature of signatures as Array<z.infer<typeof agentCardSignatureSchema>>) {
    const header = decodeProtectedHeader(signature.protected);
    if (!header)
      return {
        signature: { verified: false, keySource: null, detail: 'A signature has no valid protected header.' },
        broken: true,
      };
    const originUrl =
      header.jku && originOf(header.jku) === origin ? header.jku : new URL(JWKS_PATH, origin).href;
    const candidates: { source: 'origin' | 'claim'; url: string }[] = [
      { source: 'origin', url: originUrl },
      ...claimUrls.map((url) => ({ source: 'claim' as const, url })),
    ];
    const problems: string[] = [];
    let invalid = false;
    for (const candidate of candidates) {
      const answer = await keysAt(candidate.url);
      if ('problem' in answer) {
        problems.push(answer.problem);
        continue;
      }
      const result = await verifyWith(signature, payload, answer.keys);
      if (result === 'invalid') invalid = true;
      if (result !== 'verified') continue;
      const by =
        candidate.source === 'origin'
          ? `a key from ${candidate.url}, served by the card's origin`
          : `a key from ${candidate.url}, the domain of an active ownership claim of the listing`;
      if (foreign.length > 0)
        return {
          signature: {
            verified: false,
            keySource: null,
            detail: `Not counted: verified with ${by}, but the card names interfaces on another origin (${foreign.join(', ')}) than ${origin}, as a card copied from elsewhere would.`,
          },
          broken: false,
        };
      return {
        signature: { verified: true, keySource: candidate.source, detail: `Verified with ${by}.` },
        broken: false,
      };
    }
    const self = selfNamedKey(header, origin);
    // A key the card carries can still tell a changed card from one signed by a key nobody vouches for.
    const selfCheck = header.jwk
      ? await verifyWith(signature, payload, {
          // The header's kid selects the key; the carried jwk need not repeat it.
          keys: [{ ...(header.jwk as JWK), ...(header.kid ? { kid: header.kid } : {}) }],
        })
      : null;
    const where = `${originUrl}${claimUrls.length > 0 ? ` or ${claimUrls.join(', ')}` : ''}`;
    const why = problems.length > 0 ? ` (${problems.join('; ')})` : '';
    const detail = self
      ? `Not counted: the card is signed with ${self}; a key counts only when ${where} serves it${why}.`
      : `Not counted: no key of ${where} verifies it${why}.`;
    const finding = {
      signature: {
        verified: false,
        keySource: null,
        detail:
          foreign.length > 0
            ? `${detail} The card also names interfaces on another origin (${foreign.join(', ')}).`
            : detail,
      },
      // Changed after signing: the key it names itself, or the origin's (when it names none), refuses it.
      broken: selfCheck === 'invalid' || (invalid && self === null),
    };
    if (finding.broken) return finding;
    firstMiss ??= finding;
  }
  return firstMiss!;
}

/** Fetches the card, checks it against the A2A schema and verifies its signatures when it has any. */
export async function probeA2a(
  url: string,
  fetch: OutboundFetch,
  input: A2aProbeInput = {},
): Promise<A2aProbeOutcome> {
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
  let signature: CardSignature | null = null;
  const origin = new URL(url).origin;
  if (parsed.data.signatures && parsed.data.signatures.length > 0) {
    let finding: SignatureFinding;
    try {
      finding = await checkSignatures(
        parsed.data,
        json as Record<string, unknown>,
        url,
        input,
        fetch,
        signal,
      );
    } catch {
      finding = {
        signature: { verified: false, keySource: null, detail: 'The signature could not be checked.' },
        broken: false,
      };
    }
    signature = finding.signature;
    if (finding.broken)
      return {
        status: 'non_conformant',
        latencyMs,
        tools,
        detail: 'The card carries a signature that does not verify',
        signed: false,
        signature,
      };
  }
  const foreign = foreignInterfaces(parsed.data, origin);
  const flag =
    foreign.length > 0
      ? `The card names interfaces on another origin (${foreign.join(', ')}) than the one it is served from`
      : null;
  const slow = latencyMs > DEGRADED_AFTER_MS;
  return {
    status: slow ? 'degraded' : 'up',
    latencyMs,
    tools,
    detail: slow ? `The card took ${(latencyMs / 1000).toFixed(1)} s` : flag,
    signed: signature === null ? null : signature.verified,
    signature,
  };
}
