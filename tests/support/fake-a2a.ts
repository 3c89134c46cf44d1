import http from 'node:http';
import type { AddressInfo } from 'node:net';
import canonicalize from 'canonicalize';
import { exportJWK, FlattenedSign, generateKeyPair } from 'jose';

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

/**
 * An A2A card host started by the tests: `/valid.json`, `/invalid.json` (skills missing), `/signed.json`
 * (signed as the A2A specification says: JWS over the RFC 8785 canonical card, key published as a
 * JWKS at `/jwks.json` and named by `jku`), `/badly-signed.json` (the same signature over a changed card).
 */
export async function startFakeA2a() {
  const { privateKey, publicKey } = await generateKeyPair('ES256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'ES256', use: 'sig' };
  let origin = '';
  const cards = new Map<string, unknown>();

  async function sign(card: Record<string, unknown>) {
    const jws = await new FlattenedSign(new TextEncoder().encode(canonicalize(card)))
      .setProtectedHeader({ alg: 'ES256', kid: 'test-key', jku: `${origin}/jwks.json`, typ: 'JOSE' })
      .sign(privateKey);
    return { ...card, signatures: [{ protected: jws.protected, signature: jws.signature }] };
  }

  const server = http.createServer((request, response) => {
    const path = request.url ?? '/';
    const body = path === '/jwks.json' ? { keys: [jwk] } : cards.get(path);
    if (body === undefined) {
      response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not found"}');
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  cards.set('/valid.json', validAgentCard(origin));
  const { skills: _skills, ...withoutSkills } = validAgentCard(origin);
  cards.set('/invalid.json', withoutSkills);
  const signed = await sign(validAgentCard(origin));
  cards.set('/signed.json', signed);
  cards.set('/badly-signed.json', { ...signed, description: 'Changed after signing.' });

  return {
    origin,
    url: (path: string) => `${origin}${path}`,
    cards,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
