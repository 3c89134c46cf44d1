import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentHealth } from '../../src/shared/api/probes.js';
import {
  createOutboundFetch,
  OutboundRefusal,
  type OutboundPolicy,
} from '../../src/server/lib/outbound-fetch.js';
import { startFakeDns } from '../support/fake-dns.js';
import { factories } from '../support/factories.js';
import { callApi, signUpPerson } from '../support/sessions.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * A local server: `/redirect?to=` redirects, `/big` sends 2 MB, `/slow` answers after 3 s, `/drop-once`
 * closes the connection without an answer the first time it is asked (as a server closing an idle
 * kept-alive connection does), else "hello".
 */
async function startTarget() {
  let dropped = 0;
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://local');
    if (url.pathname === '/drop-once' && dropped === 0) {
      dropped += 1;
      request.socket.destroy();
      return;
    }
    if (url.pathname === '/redirect') {
      response.writeHead(302, { location: url.searchParams.get('to') ?? '/' }).end();
      return;
    }
    if (url.pathname === '/big') {
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end('x'.repeat(2 * 1024 * 1024));
      return;
    }
    if (url.pathname === '/slow') {
      setTimeout(() => response.writeHead(200).end('late'), 3000);
      return;
    }
    response.writeHead(200, { 'content-type': 'text/plain' }).end(`hello ${request.headers['user-agent']}`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let target: Awaited<ReturnType<typeof startTarget>>;
let dns: Awaited<ReturnType<typeof startFakeDns>>;

beforeAll(async () => {
  target = await startTarget();
  dns = await startFakeDns({
    a: {
      'internal.test': ['10.0.0.1'],
      'metadata.test': ['169.254.169.254'],
      'public.test': ['93.184.215.14'],
    },
    aaaa: { 'loopback6.test': ['::1'] },
  });
});
afterAll(async () => {
  await target.close();
  await dns.close();
});

function guardedFetch(policy: Partial<OutboundPolicy> = {}) {
  return createOutboundFetch({
    allowPrivate: false,
    dnsServers: [dns.server],
    userAgent: 'AgentAtlas/test',
    ...policy,
  });
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(OutboundRefusal);
  return (error as Error).message;
}

describe('the outbound guard, without OUTBOUND_ALLOW_PRIVATE', () => {
  let fetch: ReturnType<typeof guardedFetch>;
  beforeAll(() => {
    fetch = guardedFetch();
  });
  afterAll(() => fetch.close());

  it('refuses loopback, metadata and IPv6 loopback addresses given literally', async () => {
    for (const url of [
      'https://127.0.0.1/',
      'https://169.254.169.254/latest/meta-data/',
      'https://[::1]/',
      'https://10.1.2.3/',
    ])
      expect(await refusal(fetch(url)), url).toMatch(/private or reserved/);
  });

  it('refuses plain http://, other schemes and addresses with credentials', async () => {
    expect(await refusal(fetch('http://127.0.0.1/'))).toMatch(/Only https/);
    expect(await refusal(fetch('ftp://example.com/'))).toMatch(/not fetched/);
    expect(await refusal(fetch('https://user:secret@public.test/'))).toMatch(/credentials/);
  });

  it('refuses a name that resolves to a private, metadata or loopback address (checked at connection)', async () => {
    expect(await refusal(fetch('https://internal.test/'))).toMatch(/internal\.test resolves to a private/);
    expect(await refusal(fetch('https://metadata.test/'))).toMatch(/resolves to a private/);
    expect(await refusal(fetch('https://loopback6.test/'))).toMatch(/resolves to a private/);
    expect(await refusal(fetch('https://unknown-name.test/'))).toMatch(/does not resolve/);
  });

  it('refuses a redirect to a private address, though the first address was allowed', async () => {
    // The first hop is let through as the demo endpoint is, so the redirect is what gets checked.
    const viaDemo = guardedFetch({ demoEndpoint: { origin: target.origin, pathPrefix: '/redirect' } });
    try {
      for (const to of [
        'http://169.254.169.254/latest/meta-data/',
        'https://internal.test/',
        'http://[::1]:80/',
      ])
        expect(await refusal(viaDemo(`${target.origin}/redirect?to=${encodeURIComponent(to)}`)), to).toMatch(
          /Only https|private/,
        );
    } finally {
      await viaDemo.close();
    }
  });
});

describe('the outbound guard with OUTBOUND_ALLOW_PRIVATE', () => {
  let fetch: ReturnType<typeof guardedFetch>;
  beforeAll(() => {
    fetch = guardedFetch({ allowPrivate: true });
  });
  afterAll(() => fetch.close());

  it('reaches local servers and says who is asking', async () => {
    const response = await fetch(`${target.origin}/`);
    expect(await response.text()).toBe('hello AgentAtlas/test');
  });

  it('still caps the size and the time of an answer', async () => {
    const big = await fetch(`${target.origin}/big`, { maxBytes: 1024 * 1024 });
    expect(await refusal(big.text())).toMatch(/larger than 1024 KB/);
    expect(await refusal(fetch(`${target.origin}/slow`, { timeoutMs: 300 }))).toMatch(/No answer in time/);
  });

  it('sends a request once more when the server closed the connection before answering', async () => {
    const response = await fetch(`${target.origin}/drop-once`, { method: 'POST', body: '{"a":1}' });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('hello AgentAtlas/test');
  });

  it('follows a bounded number of redirects', async () => {
    const to = `${target.origin}/`;
    expect(await (await fetch(`${target.origin}/redirect?to=${encodeURIComponent(to)}`)).text()).toMatch(
      /^hello/,
    );
    const loop = `${target.origin}/redirect?to=${encodeURIComponent('/redirect?to=/redirect')}`;
    expect(await refusal(fetch(loop, { maxRedirects: 1 }))).toMatch(/Too many redirects/);
  });
});

describe('endpoints on listings, without OUTBOUND_ALLOW_PRIVATE', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ DNS_SERVERS: dns.server });
  });
  afterAll(() => t.close());

  it('a probe of a private address is refused and shown as down with the reason', async () => {
    const owner = await signUpPerson(t);
    const f = factories(t.app);
    for (const url of ['https://internal.test/mcp', 'https://169.254.169.254/mcp']) {
      const agent = await f.createAgent({ owner_id: owner.user.id, mcp_url: url });
      const { body } = await callApi<AgentHealth>(t, 'POST', `/api/agents/${agent.id}/probe`, owner.cookie);
      expect(body.endpoints[0], url).toMatchObject({ status: 'down', latencyMs: null });
      expect(body.endpoints[0]!.detail).toMatch(/private or reserved/);
    }
  });

  it('a submission naming an http:// or private endpoint is refused with field errors', async () => {
    const owner = await signUpPerson(t);
    const category = await factories(t.app).createCategory();
    const fields = {
      name: 'Endpoint Agent',
      tagline: 'An agent with endpoints to check',
      description: 'An agent whose endpoints are checked when it is submitted for review.',
      category: category.slug,
      pricing: 'free',
      websiteUrl: 'https://example.com',
      mcpUrl: 'http://example.com/mcp',
      agentCardUrl: 'https://127.0.0.1/.well-known/agent-card.json',
    };
    // A draft keeps what was typed; the submission checks it.
    const { body: draft } = await callApi<{ id: number }>(t, 'POST', '/api/drafts', owner.cookie, fields);
    const { status, body } = await callApi<{ details: Record<string, string[]> }>(
      t,
      'POST',
      `/api/drafts/${draft.id}/submit`,
      owner.cookie,
    );
    expect(status).toBe(400);
    expect(body.details.mcpUrl).toEqual(['MCP server URL must be an https:// address']);
    expect(body.details.agentCardUrl).toEqual(['A2A agent card URL must be a public address']);

    await callApi(t, 'PUT', `/api/drafts/${draft.id}`, owner.cookie, {
      mcpUrl: 'https://example.com/mcp',
      agentCardUrl: 'https://example.com/.well-known/agent-card.json',
    });
    const accepted = await callApi<{ agentId: number }>(
      t,
      'POST',
      `/api/drafts/${draft.id}/submit`,
      owner.cookie,
    );
    expect(accepted.status).toBe(201);
    const row = await t.app.db.kysely
      .selectFrom('agents')
      .select(['mcp_url', 'agent_card_url'])
      .where('id', '=', accepted.body.agentId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      mcp_url: 'https://example.com/mcp',
      agent_card_url: 'https://example.com/.well-known/agent-card.json',
    });
  });
});
