import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentListRequestPath } from '../../src/shared/agent-list-filters.js';
import { AGENTS_PAGE_SIZE_DEFAULT, SIMILAR_AGENTS_LIMIT } from '../../src/shared/limits.js';
import { factories } from '../support/factories.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  const f = factories(t.app);
  const category = await f.createCategory({ slug: 'research', name: 'Research' });
  await f.createAgent({
    category,
    slug: 'deep-diver',
    name: 'Deep <Diver>',
    tagline: 'Finds "papers" & summarises them',
  });
});

afterAll(() => t.close());

describe('health and documentation', () => {
  it('answers /healthz and /readyz', async () => {
    expect(await (await t.request('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await t.request('/readyz');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ok' });
  });

  it('serves an OpenAPI document generated from the request schemas, and a docs page', async () => {
    const document = (await (await t.request('/api/openapi.json')).json()) as {
      openapi: string;
      paths: Record<string, Record<string, { parameters?: Array<{ name: string }> }>>;
    };
    expect(document.openapi).toMatch(/^3\./);
    const listing = document.paths['/api/agents']?.get;
    expect(listing?.parameters?.map((parameter) => parameter.name)).toEqual(
      expect.arrayContaining(['q', 'category', 'verified', 'sort', 'page', 'limit']),
    );
    expect(document.paths['/api/newsletter/subscribe']?.post).toBeDefined();
    const docs = await t.request('/api/docs');
    expect(docs.status).toBe(200);
    expect(await docs.text()).toContain('<html');
  });
});

describe('errors', () => {
  it('answers unknown API paths with a JSON 404', async () => {
    const response = await t.request('/api/no-such-thing');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(await response.json()).toEqual({ message: 'No route for GET /api/no-such-thing' });
  });

  it('answers malformed JSON with 400 and a huge body with 413', async () => {
    const malformed = await t.request('/api/newsletter/subscribe', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email": ',
    });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ message: 'The request body is not valid JSON.' });
    const huge = await t.request('/api/newsletter/subscribe', {
      method: 'POST',
      json: { email: 'a'.repeat(2_000_000) },
    });
    expect(huge.status).toBe(413);
    expect(((await huge.json()) as { message: string }).message).toBe('The request body is too large.');
  });

  it('answers a wrong body type with 400, never 500', async () => {
    for (const json of [{ email: 42 }, ['x'], null, 'text']) {
      const response = await t.request('/api/newsletter/subscribe', { method: 'POST', json });
      expect(response.status).toBe(400);
    }
  });

  it('refuses a state-changing request from a foreign origin', async () => {
    const response = await t.request('/api/newsletter/subscribe', {
      method: 'POST',
      headers: { origin: 'https://evil.example' },
      json: { email: 'victim@example.com' },
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ message: 'Requests from another origin are not allowed.' });
  });

  it('sends a request id with every answer', async () => {
    const response = await t.request('/healthz', { headers: { 'x-request-id': 'trace-123' } });
    expect(response.headers.get('x-request-id')).toBe('trace-123');
  });

  it('sends API answers the short API header set, and pages the full page policy', async () => {
    for (const url of ['/api/filters', '/api/filters', '/api/no-such-call']) {
      const answer = await t.request(url);
      expect(answer.headers.get('content-security-policy')).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('x-frame-options')).toBe('DENY');
      expect(answer.headers.get('referrer-policy')).toBeNull();
    }
    const page = await t.request('/agents');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(page.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    const docs = await t.request('/api/docs/');
    expect(docs.status).toBe(200);
    expect(docs.headers.get('content-security-policy')).not.toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
  });

  it('keeps the opener of the GitHub popup only on its callback page', async () => {
    const page = await t.request('/agents');
    expect(page.headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups');
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    const callback = await t.request('/submit-agent/github-callback?code=abc&state=xyz');
    expect(callback.headers.get('cross-origin-opener-policy')).toBe('unsafe-none');
    expect(callback.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const lookalike = await t.request('/submit-agent/github-callbackx');
    expect(lookalike.headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups');
  });
});

describe('POST /api/newsletter/subscribe', () => {
  it('subscribes once and says "already subscribed" the second time', async () => {
    const first = await t.request('/api/newsletter/subscribe', {
      method: 'POST',
      json: { email: ' New.Reader@Example.com ' },
    });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ message: 'Subscribed successfully!' });
    const again = await t.request('/api/newsletter/subscribe', {
      method: 'POST',
      json: { email: 'new.reader@example.com' },
    });
    expect(((await again.json()) as { message: string }).message.toLowerCase()).toContain(
      'already subscribed',
    );
  });

  it('refuses an invalid address with the spec message', async () => {
    const response = await t.request('/api/newsletter/subscribe', {
      method: 'POST',
      json: { email: 'not-an-email' },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      message: 'Please enter a valid email address.',
      details: { email: ['Please enter a valid email address.'] },
    });
  });
});

describe('signed-out account calls', () => {
  it('answers 401 for the current user and the owner count', async () => {
    expect((await t.request('/api/auth/user')).status).toBe(401);
    expect((await t.request('/api/user/agents/count')).status).toBe(401);
  });
});

describe('pages', () => {
  /** The API answers a page embeds for its first render, keyed by request URL. */
  const embedded = async (page: string) => {
    const html = await (await t.request(page)).text();
    const json = /<script type="application\/json" id="aa-initial-data"[^>]*>(.*?)<\/script>/s.exec(
      html,
    )?.[1];
    return JSON.parse(json ?? '{}') as Record<string, unknown>;
  };

  it('serves the app shell for a known page, never cached, with its own title', async () => {
    const response = await t.request('/agents');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.text()).toContain('<title>Browse AI agents · AgentAtlas</title>');
  });

  it('sends pages compressed when the browser accepts it, and plain otherwise', async () => {
    const gzipped = await t.request('/agents', { headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    expect(gzipped.headers.get('vary')).toContain('accept-encoding');
    expect(await gzipped.text()).toContain('<title>Browse AI agents · AgentAtlas</title>');
    const plain = await t.request('/agents', { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toContain('<title>Browse AI agents · AgentAtlas</title>');
  });

  it('embeds the listing the page will ask for, filtered as its URL says, equal to the API answer', async () => {
    const plainPath = agentListRequestPath({}, AGENTS_PAGE_SIZE_DEFAULT);
    const plain = await embedded('/agents');
    expect(plain[plainPath]).toEqual(await (await t.request(plainPath)).json());

    const filters = { q: 'deep', sort: 'name' } as const;
    const filteredPath = agentListRequestPath(filters, AGENTS_PAGE_SIZE_DEFAULT);
    const filtered = await embedded('/agents?q=deep&sort=name&page=1&verified=no&bogus=1');
    expect(filteredPath).toBe(`/api/agents?q=deep&sort=name&limit=${AGENTS_PAGE_SIZE_DEFAULT}`);
    const answer = (await (await t.request(filteredPath)).json()) as { agents: Array<{ slug: string }> };
    expect(answer.agents.map((agent) => agent.slug)).toContain('deep-diver');
    expect(filtered[filteredPath]).toEqual(answer);
    expect(filtered[plainPath]).toBeUndefined();
  });

  it('embeds the categories on the home page and the similar agents on an agent page', async () => {
    const home = await embedded('/');
    expect(home['/api/categories']).toEqual(await (await t.request('/api/categories')).json());

    const agent = (await (await t.request('/api/agents/deep-diver')).json()) as {
      category: { slug: string };
    };
    const similarPath = agentListRequestPath({ category: agent.category.slug }, SIMILAR_AGENTS_LIMIT);
    expect(similarPath).toBe(`/api/agents?category=${agent.category.slug}&limit=${SIMILAR_AGENTS_LIMIT}`);
    const page = await embedded('/agents/deep-diver');
    expect(page[similarPath]).toEqual(await (await t.request(similarPath)).json());
  });

  it('puts an agent page title, description and Open Graph tags in the HTML, escaped', async () => {
    const html = await (await t.request('/agents/deep-diver')).text();
    expect(html).toContain('<title>Deep &lt;Diver&gt; · AgentAtlas</title>');
    expect(html).toContain(
      '<meta name="description" content="Finds &quot;papers&quot; &amp; summarises them">',
    );
    expect(html).toContain('<meta property="og:title" content="Deep &lt;Diver&gt; · AgentAtlas">');
    expect(html).toContain('<meta property="og:url" content="http://localhost:3000/agents/deep-diver">');
  });

  it('answers an unknown path and an unknown agent with the shell and HTTP 404', async () => {
    const unknown = await t.request('/no/such/page');
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('404 Page Not Found');
    expect((await t.request('/agents/not-an-agent')).status).toBe(404);
  });

  it('serves robots.txt and a sitemap listing agent pages', async () => {
    expect(await (await t.request('/robots.txt')).text()).toContain(
      'Sitemap: http://localhost:3000/sitemap.xml',
    );
    const sitemap = await (await t.request('/sitemap.xml')).text();
    expect(sitemap).toContain('<loc>http://localhost:3000/agents/deep-diver</loc>');
  });
});

describe('the page policy allows the page’s own styles and nothing inline besides', () => {
  /** A built client of the test's own: a template linking a stylesheet, which the server inlines. */
  function builtClient() {
    const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentatlas-csp-'));
    fs.mkdirSync(path.join(clientDir, 'assets'));
    fs.writeFileSync(
      path.join(clientDir, 'assets/index-test.css'),
      '.text-brand-600{color:#4f46e5}/*</style><script>*/',
    );
    fs.writeFileSync(
      path.join(clientDir, 'index.html'),
      '<!doctype html><html><head><title>AgentAtlas</title><!--app-meta-->' +
        '<script type="module" crossorigin src="/assets/index-test.js"></script>' +
        '<link rel="stylesheet" crossorigin href="/assets/index-test.css"></head>' +
        '<body><div id="root"></div></body></html>',
    );
    return clientDir;
  }
  const directive = (policy: string, name: string) =>
    policy
      .split(';')
      .map((part) => part.trim())
      .find((part) => part.split(' ')[0] === name);

  it('hashes the inlined stylesheet, adds a fresh nonce per page, and sends websockets home only', async () => {
    const clientDir = builtClient();
    const app = await createTestApp({ PUBLIC_URL: 'https://atlas.example:8443' }, { clientDir });
    try {
      const first = await app.request('/agents');
      expect(first.status).toBe(200);
      const html = await first.text();
      const policy = first.headers.get('content-security-policy') ?? '';
      const css = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1];
      expect(css).toContain('.text-brand-600{color:#4f46e5}');
      const hash = `'sha256-${createHash('sha256').update(css!).digest('base64')}'`;
      const styleSrc = directive(policy, 'style-src') ?? '';
      expect(styleSrc.split(' ')).toContain(hash);
      expect(styleSrc).not.toContain('unsafe-inline');
      expect(directive(policy, 'style-src-attr')).toBe("style-src-attr 'unsafe-inline'");
      expect(directive(policy, 'base-uri')).toBe("base-uri 'none'");
      expect(directive(policy, 'connect-src')).toBe("connect-src 'self' wss://atlas.example:8443");
      // The nonce in the policy is the one on the page, for the styles Radix writes in the browser.
      const nonce = /'nonce-([^']+)'/.exec(styleSrc)?.[1];
      expect(nonce).toBeTruthy();
      expect(html).toContain(`id="aa-initial-data" nonce="${nonce}"`);
      const second = await app.request('/agents');
      await second.text();
      expect(second.headers.get('content-security-policy')).not.toContain(`'nonce-${nonce}'`);
      // The toasts' stylesheet, which sonner inserts itself (empty first, then filled), is allowed by its
      // hash too, and so is the empty one.
      expect(styleSrc.match(/'sha256-/g)).toHaveLength(3);
      expect(styleSrc.split(' ')).toContain(`'sha256-${createHash('sha256').update('').digest('base64')}'`);
      // One inline script runs, the loader that asks for the entry once the page has painted, allowed
      // by its hash; the entry itself is no longer in the head.
      const outsideStyles = html.replace(/<style>[\s\S]*?<\/style>/g, '');
      const inlineScripts = [...outsideStyles.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
        (match) => match[1]!,
      );
      expect(inlineScripts).toHaveLength(1);
      const loaderHash = `'sha256-${createHash('sha256').update(inlineScripts[0]!).digest('base64')}'`;
      expect(directive(policy, 'script-src')).toBe(`script-src 'self' ${loaderHash}`);
      expect(html.split('</head>')[0]).not.toContain('index-test.js');
      const named = /<script type="application\/json" id="aa-scripts">(.*?)<\/script>/.exec(html)?.[1];
      expect(JSON.parse(named!)).toMatchObject({ entry: '/assets/index-test.js' });
    } finally {
      await app.close();
      fs.rmSync(clientDir, { recursive: true, force: true });
    }
  });

  it('allows plain ws: to our own host when PUBLIC_URL is http', async () => {
    const page = await t.request('/agents');
    await page.text();
    const policy = page.headers.get('content-security-policy') ?? '';
    expect(directive(policy, 'connect-src')).toBe("connect-src 'self' ws://localhost:3000");
    expect(policy).not.toMatch(/ wss?: /);
  });
});

describe('rate limits at their real size', () => {
  it('allows 5 newsletter sign-ups a minute per address, then answers 429 with Retry-After', async () => {
    const strict = await createTestApp({ RATE_LIMIT_MULTIPLIER: '1' });
    try {
      const statuses: number[] = [];
      let last: Response | undefined;
      for (let index = 0; index < 6; index += 1) {
        last = await strict.request('/api/newsletter/subscribe', {
          method: 'POST',
          json: { email: `r${index}@example.com` },
        });
        statuses.push(last.status);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
      expect(Number(last?.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(((await last!.json()) as { message: string }).message).toMatch(
        /^Too many requests\. Please try again in \d+ seconds?\.$/,
      );
    } finally {
      await strict.close();
    }
  });
});

describe('shutting down', () => {
  it('closes a kept-alive connection as soon as the answer it was giving when the drain began is sent', async () => {
    const app = await createTestApp();
    const { port } = new URL(app.baseUrl);
    const socket = net.connect(Number(port), '127.0.0.1');
    await once(socket, 'connect');
    let received = '';
    socket.setEncoding('utf8').on('data', (chunk: string) => (received += chunk));
    const ended = once(socket, 'end');
    const requestBegan = once(app.app.server, 'request');

    const body = JSON.stringify({ email: 'draining@example.com' });
    socket.write(
      'POST /api/newsletter/subscribe HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n' +
        `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`,
    );
    // The request is under way when the drain begins; it is answered in full, then its connection closes.
    await requestBegan;
    const closed = app.close();
    socket.write(body.slice(5));
    await ended;
    await closed;

    expect(received).toMatch(/^HTTP\/1\.1 200 /);
    expect(received).toContain('Subscribed successfully!');
    expect(received.toLowerCase()).toContain('connection: close');
    socket.destroy();
  });

  it('answers every kept-alive client under load, the last time with Connection: close, and resets none', async () => {
    const app = await createTestApp();
    const agent = new http.Agent({ keepAlive: true, maxSockets: 10 });
    const get = (path: string) =>
      new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
        const request = http.get(`${app.baseUrl}${path}`, { agent }, (response) => {
          response.resume();
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, connection: response.headers.connection }),
          );
        });
        request.on('error', reject);
      });
    const answers: Array<{ status: number; connection: string | undefined }> = [];
    const errors: string[] = [];
    let started!: () => void;
    const everyClientStarted = new Promise<void>((resolve) => (started = resolve));
    let clientsUnderWay = 0;
    // Ten clients in a loop on kept-alive connections (cached and uncached reads), each stopping when told
    // to close, as a client behind a load balancer moves to another instance.
    const clients = Array.from({ length: 10 }, async (_, index) => {
      for (let count = 0; ; count += 1) {
        if (count === 2 && (clientsUnderWay += 1) === 10) started();
        try {
          const answer = await get(index % 2 === 0 ? '/healthz' : '/api/categories');
          answers.push(answer);
          if (answer.connection === 'close') return;
        } catch (error) {
          errors.push((error as NodeJS.ErrnoException).code ?? String(error));
          return;
        }
      }
    });
    await everyClientStarted;
    const closed = app.close();
    while (!app.app.connections.draining) await new Promise((resolve) => setImmediate(resolve));
    // The drain has begun: a load balancer asking now is told to send no more.
    const readyz = await fetch(`${app.baseUrl}/readyz`);
    expect(readyz.status).toBe(503);
    expect(await readyz.json()).toEqual({ status: 'unavailable', reason: 'shutting down' });
    await Promise.all(clients);
    await closed;
    agent.destroy();

    expect(errors).toEqual([]);
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(answers.filter((answer) => answer.connection === 'close')).toHaveLength(10);
  });
});
