import http from 'node:http';
import type { AddressInfo } from 'node:net';
import canonicalize from 'canonicalize';
import { exportJWK, FlattenedSign, generateKeyPair, type JWK } from 'jose';

/** A valid A2A agent card (0.3): every required field, two skills. */
export function validAgentCard(origin: string, skills = ['summarize', 'translate']) {
  return {
    protocolVersion: '0.3.0',
    name: 'Fake agent',
    description: 'An agent card served by the tests.',
    url: `${origin}/a2a`,
    version: '1.2.0',
    capabilities: { streaming: true },
    defaultInputModes: ['text/plain'],
    defaultOutputModes: ['text/plain'],
    skills: skills.map((id) => ({ id, name: id, description: `Can ${id}.`, tags: [id] })),
  };
}

type KeyName = 'origin' | 'stranger' | 'claim';

/**
 * An A2A card host started by the tests: `/valid.json`, `/invalid.json` (skills missing), `/signed.json`
 * (signed as the A2A specification says: JWS over the RFC 8785 canonical card, key published as a
 * JWKS at `/jwks.json` and named by `jku`), `/badly-signed.json` (the same signature over a changed card),
 * `/signed-by-kid.json` (the origin's key named by `kid` only, found at `/.well-known/jwks.json`),
 * `/self-jwk.json` (a key nobody publishes, carried in the header as `jwk`; `/self-jwk-changed.json` is
 * that card changed after signing) and `/foreign-jku.json`
 * (that key named by a `jku` on another origin). It answers any Host: `keysByHost` says which keys
 * `/.well-known/jwks.json` lists for a host name (127.0.0.1: the origin's), so one server can play a
 * card's origin, a claimed parent domain (`claim` key) and a host a card was copied to (none).
 */
export async function startFakeA2a() {
  const keys = Object.fromEntries(
    await Promise.all(
      (['origin', 'stranger', 'claim'] as const).map(async (name) => {
        const { privateKey, publicKey } = await generateKeyPair('ES256');
        const kid = name === 'origin' ? 'test-key' : `${name}-key`;
        const jwk = { ...(await exportJWK(publicKey)), kid, alg: 'ES256', use: 'sig' };
        return [name, { privateKey, jwk }] as const;
      }),
    ),
  ) as Record<KeyName, { privateKey: CryptoKey; jwk: JWK & { kid: string } }>;
  let origin = '';
  const cards = new Map<string, unknown>();
  const keysByHost = new Map<string, KeyName[]>([['127.0.0.1', ['origin']]]);

  /** Signs `card` with one of the keys; the header names it by `kid`, plus `jku` or the `jwk` itself. */
  async function sign(
    card: Record<string, unknown>,
    options: { key?: KeyName; jku?: string | null; embedKey?: boolean } = {},
  ) {
    const { privateKey, jwk } = keys[options.key ?? 'origin'];
    const { kid: _kid, alg: _alg, use: _use, ...publicJwk } = jwk;
    const header = {
      alg: 'ES256',
      kid: jwk.kid,
      typ: 'JOSE',
      ...(options.jku === undefined
        ? { jku: `${origin}/jwks.json` }
        : options.jku
          ? { jku: options.jku }
          : {}),
      ...(options.embedKey ? { jwk: publicJwk } : {}),
    };
    const jws = await new FlattenedSign(new TextEncoder().encode(canonicalize(card)))
      .setProtectedHeader(header)
      .sign(privateKey);
    return { ...card, signatures: [{ protected: jws.protected, signature: jws.signature }] };
  }

  const server = http.createServer((request, response) => {
    const path = request.url ?? '/';
    const host = (request.headers.host ?? '').replace(/:\d+$/, '');
    const published = (keysByHost.get(host) ?? []).map((name) => keys[name].jwk);
    const body =
      path === '/jwks.json' && host === '127.0.0.1'
        ? { keys: [keys.origin.jwk] }
        : path === '/.well-known/jwks.json'
          ? published.length > 0
            ? { keys: published }
            : undefined
          : cards.get(path);
    if (body === undefined) {
      response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not found"}');
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;

  cards.set('/valid.json', validAgentCard(origin));
  const { skills: _skills, ...withoutSkills } = validAgentCard(origin);
  cards.set('/invalid.json', withoutSkills);
  const signed = await sign(validAgentCard(origin));
  cards.set('/signed.json', signed);
  cards.set('/badly-signed.json', { ...signed, description: 'Changed after signing.' });
  cards.set('/signed-by-kid.json', await sign(validAgentCard(origin), { jku: null }));
  cards.set(
    '/self-jwk.json',
    await sign(validAgentCard(origin), { key: 'stranger', jku: null, embedKey: true }),
  );
  cards.set('/self-jwk-changed.json', {
    ...(cards.get('/self-jwk.json') as Record<string, unknown>),
    name: 'Changed after signing',
  });
  cards.set(
    '/foreign-jku.json',
    await sign(validAgentCard(origin), { key: 'stranger', jku: 'http://keys.elsewhere.test/jwks.json' }),
  );

  return {
    origin,
    port,
    url: (path: string) => `${origin}${path}`,
    cards,
    keysByHost,
    sign,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
