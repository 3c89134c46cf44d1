import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WELL_KNOWN_CLAIM_PATH } from '../../src/shared/trust.js';

/**
 * A web server on 127.0.0.1 serving /.well-known/agentatlas-verification.txt with whatever `body`
 * holds now (null: 404), as an agent's domain would; `host` is the claim's subject.
 */
export async function startFakeWellKnown() {
  const state = { body: null as string | null, requests: 0 };
  const server = http.createServer((request, response) => {
    state.requests += 1;
    if (request.url !== WELL_KNOWN_CLAIM_PATH || state.body === null) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    response.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end(state.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    host: `127.0.0.1:${port}`,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
