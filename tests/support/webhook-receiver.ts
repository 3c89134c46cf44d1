import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface ReceivedWebhook {
  id: string;
  timestamp: string;
  signature: string;
  body: string;
  /** Whether the official Standard Webhooks library accepted the signature with the secret. */
  verified: boolean;
  verifyError: string | null;
}

/**
 * A webhook receiver on 127.0.0.1, as an owner would run one: it checks each delivery's signature with
 * the official `standardwebhooks` library and answers `state.status` (200 unless a test changes it).
 * `state.secret` is set by the test once AgentAtlas answered it.
 */
export async function startWebhookReceiver() {
  const state = {
    secret: null as string | null,
    status: 200,
    received: [] as ReceivedWebhook[],
    /** Checks the signature's timestamp against the clock (off for tests that move a fake clock). */
    checkTimestamp: true,
  };
  const waiters: Array<() => void> = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = {
        'webhook-id': String(request.headers['webhook-id'] ?? ''),
        'webhook-timestamp': String(request.headers['webhook-timestamp'] ?? ''),
        'webhook-signature': String(request.headers['webhook-signature'] ?? ''),
      };
      let verifyError: string | null = null;
      try {
        if (!state.secret) throw new Error('no secret yet');
        const signer = new Webhook(state.secret);
        if (state.checkTimestamp) signer.verify(body, headers);
        else {
          const expected = signer.sign(
            headers['webhook-id'],
            new Date(Number(headers['webhook-timestamp']) * 1000),
            body,
          );
          if (!headers['webhook-signature'].split(' ').includes(expected))
            throw new Error('signature mismatch');
        }
      } catch (error) {
        verifyError = error instanceof Error ? error.message : String(error);
      }
      state.received.push({
        id: headers['webhook-id'],
        timestamp: headers['webhook-timestamp'],
        signature: headers['webhook-signature'],
        body,
        verified: verifyError === null,
        verifyError,
      });
      response
        .writeHead(state.status, { 'content-type': 'text/plain' })
        .end(state.status < 300 ? 'ok' : 'no');
      for (const wake of waiters.splice(0)) wake();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/agentatlas`,
    state,
    /** Resolves once `count` deliveries have arrived, or rejects after `timeoutMs`. */
    async waitFor(count: number, timeoutMs = 10_000): Promise<ReceivedWebhook[]> {
      const deadline = Date.now() + timeoutMs;
      while (state.received.length < count) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`expected ${count} deliveries, got ${state.received.length}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return state.received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
