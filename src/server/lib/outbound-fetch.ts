/**
 * The one way the server fetches an address a user gave it (probes, claims, imports, webhooks).
 * It refuses loopback, private, link-local, metadata and every other non-public
 * address, checked on the address actually connected to (so a name that resolves differently the
 * second time, DNS rebinding, changes nothing) and again after every redirect; it caps the time
 * and the size of an answer and says who is asking in its User-Agent.
 */
import dns from 'node:dns';
import type { LookupAddress } from 'node:dns';
import ipaddr from 'ipaddr.js';
import { Agent, fetch as undiciFetch } from 'undici';

/** Why an outbound request was not made or not finished: a sentence an owner can act on. */
export class OutboundRefusal extends Error {
  override name = 'OutboundRefusal';
}

/**
 * Our own resolver could not answer (it timed out, refused or failed the query): nothing is known of
 * the name asked about, so callers must not take it as the name's owner's failure.
 */
export class ResolverUnavailable extends OutboundRefusal {
  override name = 'ResolverUnavailable';
}

/** Answers of a resolver that are about the name itself (it does not exist, or has no such record). */
const NAME_ANSWERS = new Set(['ENOTFOUND', 'ENODATA', 'ENONAME']);

const codeOf = (error: unknown) => (error as { code?: unknown } | null)?.code;

/** Whether a DNS look-up's error says our side could not ask (resolver down, network down), not "no such name". */
export function isResolverFailure(error: unknown): boolean {
  const code = codeOf(error);
  return typeof code === 'string' && !NAME_ANSWERS.has(code);
}

export interface OutboundPolicy {
  /** Tests and local setups: private addresses and http:// are allowed (OUTBOUND_ALLOW_PRIVATE). */
  allowPrivate: boolean;
  /** host:port resolvers for every look-up; empty means the system's. */
  dnsServers: readonly string[];
  /** Sent with every request, so the people we probe know who asks. */
  userAgent: string;
  /** The app's own demo MCP server (its origin and path prefix): the single named exception. */
  demoEndpoint?: { origin: string; pathPrefix: string };
}

export interface OutboundInit {
  method?: string;
  headers?: ConstructorParameters<typeof Headers>[0];
  body?: string | null;
  signal?: AbortSignal;
  /** The whole exchange, redirects and body included. */
  timeoutMs?: number;
  /** The answer's body at most; more is refused. */
  maxBytes?: number;
  maxRedirects?: number;
}

/** What every caller gets: a fetch-shaped function (the MCP SDK's transport takes it as is). */
export type OutboundFetch = (url: string | URL, init?: OutboundInit) => Promise<Response>;

export const OUTBOUND_TIMEOUT_MS = 10_000;
export const OUTBOUND_MAX_BYTES = 1024 * 1024;
const MAX_REDIRECTS = 5;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** True for an address on the public internet; every special range (private, loopback, metadata…) is not. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

type LookupCallback = (error: Error | null, address: string | LookupAddress[], family?: number) => void;

/** Resolves a name with the configured resolvers (or the system's) and refuses non-public answers. */
export function createGuardedResolver(policy: Pick<OutboundPolicy, 'allowPrivate' | 'dnsServers'>) {
  const resolver =
    policy.dnsServers.length > 0 ? new dns.promises.Resolver({ timeout: 3000, tries: 1 }) : null;
  resolver?.setServers([...policy.dnsServers]);

  async function resolveAll(hostname: string): Promise<LookupAddress[]> {
    if (!resolver)
      return dns.promises.lookup(hostname, { all: true, verbatim: true }).catch((error: unknown) => {
        // getaddrinfo says EAI_AGAIN when no resolver answered; ENOTFOUND is about the name.
        if (codeOf(error) === 'EAI_AGAIN')
          throw new ResolverUnavailable(`Our DNS resolver could not be asked about ${hostname}`);
        throw error;
      });
    const [v4, v6] = await Promise.allSettled([resolver.resolve4(hostname), resolver.resolve6(hostname)]);
    const addresses = [
      ...(v4.status === 'fulfilled' ? v4.value.map((address) => ({ address, family: 4 })) : []),
      ...(v6.status === 'fulfilled' ? v6.value.map((address) => ({ address, family: 6 })) : []),
    ];
    if (addresses.length > 0) return addresses;
    const failed = [v4, v6].find(
      (result): result is PromiseRejectedResult =>
        result.status === 'rejected' && isResolverFailure(result.reason),
    );
    if (failed)
      throw new ResolverUnavailable(
        `Our DNS resolver could not be asked about ${hostname} (${String(codeOf(failed.reason))})`,
      );
    throw new OutboundRefusal(`${hostname} does not resolve`);
  }

  async function resolvePublic(hostname: string): Promise<LookupAddress[]> {
    const addresses = await resolveAll(hostname);
    if (!policy.allowPrivate) {
      const refused = addresses.find(({ address }) => !isPublicAddress(address));
      if (refused) throw new OutboundRefusal(`${hostname} resolves to a private or reserved address`);
    }
    return addresses;
  }

  /** net.connect's lookup option: called for every connection, so the checked address is the one used. */
  function lookup(hostname: string, options: { all?: boolean }, callback: LookupCallback) {
    resolvePublic(hostname).then(
      (addresses) => {
        if (options.all) callback(null, addresses);
        else callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (error: Error) => callback(error, []),
    );
  }

  return { resolvePublic, lookup, resolver };
}

/**
 * TXT look-ups for ownership claims, with the configured resolvers (DNS_SERVERS) or the system's.
 * Nothing connects to what a TXT record says, so there is no address to refuse here.
 */
export function createTxtLookup(dnsServers: readonly string[]): (name: string) => Promise<string[][]> {
  const resolver = new dns.promises.Resolver({ timeout: 3000, tries: 2 });
  if (dnsServers.length > 0) resolver.setServers([...dnsServers]);
  return (name) => resolver.resolveTxt(name);
}

/** The app's own demo MCP server: the single address allowed whatever the rules for others. */
export function isDemoEndpoint(url: URL, policy: OutboundPolicy): boolean {
  const demo = policy.demoEndpoint;
  return Boolean(demo && url.origin === demo.origin && url.pathname.startsWith(demo.pathPrefix));
}

/** Refuses what can be refused before connecting: other schemes, http://, literal private addresses. */
function checkAddress(url: URL, policy: OutboundPolicy): void {
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new OutboundRefusal(`${url.protocol} addresses are not fetched`);
  if (isDemoEndpoint(url, policy) || policy.allowPrivate) return;
  if (url.protocol !== 'https:') throw new OutboundRefusal('Only https:// addresses are fetched');
  if (url.username || url.password) throw new OutboundRefusal('Addresses with credentials are not fetched');
  // A literal address is connected to without a look-up, so it is checked here.
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (ipaddr.isValid(host) && !isPublicAddress(host))
    throw new OutboundRefusal(`${host} is a private or reserved address`);
}

function refusalIn(error: unknown): OutboundRefusal | undefined {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (cause instanceof OutboundRefusal) return cause;
  }
  return undefined;
}

/** Whether undici gave up because the server closed the connection before answering. */
function closedBeforeAnswer(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if ((cause as { code?: unknown }).code === 'UND_ERR_SOCKET') return true;
  }
  return false;
}

/** The body as a stream that errors once it passes `maxBytes`. */
function capBody(response: Response, maxBytes: number): Response {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    void response.body?.cancel();
    throw new OutboundRefusal(`The answer is larger than ${Math.round(maxBytes / 1024)} KB`);
  }
  if (!response.body) return response;
  let seen = 0;
  const capped = response.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > maxBytes)
          controller.error(
            new OutboundRefusal(`The answer is larger than ${Math.round(maxBytes / 1024)} KB`),
          );
        else controller.enqueue(chunk);
      },
    }),
  );
  return new Response(capped, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}

/** Builds the guarded fetch; keep one per process, it pools connections. */
export function createOutboundFetch(policy: OutboundPolicy): OutboundFetch & { close(): Promise<void> } {
  const guarded = createGuardedResolver(policy);
  const connect = { timeout: 5000 };
  // A connection is reused within one exchange (a probe's few requests) and not after: a server may
  // close an idle one at any moment, and a request sent on it fails with "other side closed".
  const keepAlive = { keepAliveTimeout: 2000, keepAliveMaxTimeout: 2000 };
  const publicAgent = new Agent({ connect: { ...connect, lookup: guarded.lookup }, ...keepAlive });
  const demoAgent = new Agent({ connect, ...keepAlive });

  const outboundFetch = async (target: string | URL, init: OutboundInit = {}) => {
    const timeout = AbortSignal.timeout(init.timeoutMs ?? OUTBOUND_TIMEOUT_MS);
    const signal = init.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
    const headers = new Headers(init.headers);
    headers.set('user-agent', policy.userAgent);
    let url = new URL(target);
    let method = init.method ?? 'GET';
    let body = init.body ?? undefined;
    const maxRedirects = init.maxRedirects ?? MAX_REDIRECTS;

    for (let redirects = 0; ; redirects += 1) {
      checkAddress(url, policy);
      let response: Response;
      const send = () =>
        undiciFetch(url, {
          method,
          headers: Object.fromEntries(headers),
          body,
          signal,
          redirect: 'manual',
          dispatcher: isDemoEndpoint(url, policy) ? demoAgent : publicAgent,
        }) as unknown as Promise<Response>;
      try {
        // A kept-alive connection the server closed just as the request went out fails before any
        // answer ("other side closed"); the request is sent once more, on a new connection.
        response = await send().catch((error: unknown) => {
          if (!closedBeforeAnswer(error) || signal.aborted) throw error;
          return send();
        });
      } catch (error) {
        const refusal = refusalIn(error);
        if (refusal) throw refusal;
        if (timeout.aborted) throw new OutboundRefusal('No answer in time');
        throw error;
      }
      const location = response.headers.get('location');
      if (!REDIRECT_STATUSES.has(response.status) || !location)
        return capBody(response, init.maxBytes ?? OUTBOUND_MAX_BYTES);
      await response.body?.cancel();
      if (redirects >= maxRedirects) throw new OutboundRefusal('Too many redirects');
      url = new URL(location, url);
      if (
        response.status === 303 ||
        (method === 'POST' && response.status !== 307 && response.status !== 308)
      ) {
        method = 'GET';
        body = undefined;
        headers.delete('content-type');
      }
    }
  };
  return Object.assign(outboundFetch, {
    close: async () => {
      await Promise.all([publicAgent.close(), demoAgent.close()]);
    },
  });
}

/**
 * Why an address an owner typed for an endpoint cannot be probed, or null: checked when a listing is
 * submitted or edited, so the owner hears it at once rather than from a failing probe.
 */
export function endpointAddressProblem(
  value: string,
  policy: Pick<OutboundPolicy, 'allowPrivate' | 'demoEndpoint'>,
): string | null {
  const url = new URL(value);
  if (isDemoEndpoint(url, { ...policy, dnsServers: [], userAgent: '' }) || policy.allowPrivate) return null;
  if (url.protocol !== 'https:') return 'must be an https:// address';
  if (url.username || url.password) return 'cannot carry a user name or password';
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost') || (ipaddr.isValid(host) && !isPublicAddress(host)))
    return 'must be a public address';
  return null;
}
