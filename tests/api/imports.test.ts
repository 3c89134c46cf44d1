import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../src/shared/api/errors.js';
import type {
  Draft,
  DraftList,
  ImportDraftResponse,
  SubmitDraftResponse,
} from '../../src/shared/api/submissions.js';
import { startFakeA2a, validAgentCard } from '../support/fake-a2a.js';
import { pngIcon, registryEntry, startFakeRegistry } from '../support/fake-registry.js';
import { factories } from '../support/factories.js';
import { callApi, signUpPerson } from '../support/sessions.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let f: ReturnType<typeof factories>;
let registry: Awaited<ReturnType<typeof startFakeRegistry>>;
let cards: Awaited<ReturnType<typeof startFakeA2a>>;

beforeAll(async () => {
  registry = await startFakeRegistry();
  cards = await startFakeA2a();
  t = await createTestApp({ OUTBOUND_ALLOW_PRIVATE: 'true', MCP_REGISTRY_URL: registry.origin });
  f = factories(t.app);
  registry.files.set('/icons/weather.png', { type: 'image/png', body: await pngIcon() });
});
afterAll(async () => {
  await t.close();
  await registry.close();
  await cards.close();
});

let serial = 0;
/** A server published to the fake registry under a name of its own. */
function publishServer(overrides: Record<string, unknown> = {}) {
  serial += 1;
  const name = `io.github.acme-${serial}/weather-forecast`;
  return registry.publish(
    registryEntry({
      name,
      title: 'Acme Weather',
      description: 'Forecasts and alerts for any city. Backed by national weather services.',
      version: '1.4.0',
      websiteUrl: `https://weather-${serial}.acme.example`,
      repository: { url: `https://github.com/acme-${serial}/weather-forecast`, source: 'github' },
      remotes: [{ type: 'streamable-http', url: `https://mcp.weather-${serial}.acme.example/mcp` }],
      packages: [
        { registryType: 'npm', identifier: '@acme/weather', version: '1.4.0', transport: { type: 'stdio' } },
      ],
      icons: [{ src: `${registry.origin}/icons/weather.png`, mimeType: 'image/png', sizes: ['64x64'] }],
      ...overrides,
    }),
  ).server;
}

const importDraft = (cookie: string | null, body: unknown) =>
  callApi<ImportDraftResponse & ErrorBody>(t, 'POST', '/api/drafts/import', cookie, body);

async function draftCount(cookie: string): Promise<number> {
  const { body } = await callApi<DraftList>(t, 'GET', '/api/drafts', cookie);
  return body.drafts.length;
}

async function fileCount(): Promise<number> {
  const row = await t.app.db.kysely
    .selectFrom('files')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

describe('import from the MCP registry', () => {
  it('fills a draft from the latest version, with where and when each field came from', async () => {
    const { cookie } = await signUpPerson(t);
    const server = publishServer();
    const before = Date.now();
    const { status, body } = await importDraft(cookie, { source: 'mcp-registry', name: server.name });
    expect(status).toBe(201);
    expect(body).toMatchObject({
      name: 'Acme Weather',
      tagline: 'Forecasts and alerts for any city.',
      description: 'Forecasts and alerts for any city. Backed by national weather services.',
      websiteUrl: server.websiteUrl,
      repoUrl: (server.repository as { url: string }).url,
      githubRepo: `acme-${serial}/weather-forecast`,
      mcpUrl: `https://mcp.weather-${serial}.acme.example/mcp`,
      version: '1.4.0',
      tags: ['mcp', 'remote', 'npm'],
      warnings: [],
      importedFrom: { source: 'mcp-registry', registryName: server.name, version: '1.4.0' },
    });
    // The icon became the draft's logo, stored here like an upload.
    expect(body.logoFileId).toEqual(expect.any(Number));
    const logo = await t.request(body.logoUrl!);
    expect(logo.headers.get('content-type')).toBe('image/webp');

    const registryUrl = `${registry.origin}/v0.1/servers/${encodeURIComponent(server.name)}/versions/latest`;
    for (const field of [
      'name',
      'tagline',
      'description',
      'websiteUrl',
      'repoUrl',
      'mcpUrl',
      'logoFileId',
      'version',
      'tags',
    ] as const) {
      expect(body.provenance[field], field).toMatchObject({ source: 'mcp-registry', url: registryUrl });
      expect(Date.parse(body.provenance[field]!.fetchedAt)).toBeGreaterThanOrEqual(before - 1000);
    }
    expect(body.provenance.docsUrl).toBeUndefined();

    // Kept with the draft: reading it again gives the same provenance.
    const again = await callApi<Draft>(t, 'GET', `/api/drafts/${body.id}`, cookie);
    expect(again.body.provenance).toEqual(body.provenance);
  });

  it('forgets where a field came from once the owner changes it, and keeps the rest', async () => {
    const { cookie } = await signUpPerson(t);
    const server = publishServer();
    const { body: draft } = await importDraft(cookie, { source: 'mcp-registry', name: server.name });
    const { status, body } = await callApi<Draft>(t, 'PUT', `/api/drafts/${draft.id}`, cookie, {
      name: 'Weather by Acme',
      description: draft.description,
    });
    expect(status).toBe(200);
    expect(body.name).toBe('Weather by Acme');
    expect(body.provenance.name).toBeUndefined();
    expect(body.provenance.description).toEqual(draft.provenance.description);
    expect(body.version).toBe('1.4.0');
  });

  it('answers 409 naming the listing when the server is listed already', async () => {
    const { cookie } = await signUpPerson(t);
    const category = await f.createCategory();
    const server = publishServer();
    const { body: draft } = await importDraft(cookie, { source: 'mcp-registry', name: server.name });
    await callApi(t, 'PUT', `/api/drafts/${draft.id}`, cookie, { category: category.slug, pricing: 'free' });
    const submitted = await callApi<SubmitDraftResponse>(t, 'POST', `/api/drafts/${draft.id}/submit`, cookie);
    expect(submitted.status).toBe(201);

    // The same registry name, from another person.
    const other = await signUpPerson(t);
    const byName = await importDraft(other.cookie, { source: 'mcp-registry', name: server.name });
    expect(byName.status).toBe(409);
    expect(byName.body.message).toBe('“Acme Weather” is already listed on AgentAtlas (same registry name).');

    // Another name, the same repository.
    const sameRepo = await importDraft(other.cookie, {
      source: 'server-json',
      json: {
        name: 'com.example/fork',
        description: 'A fork.',
        version: '0.1.0',
        repository: server.repository,
      },
    });
    expect(sameRepo.status).toBe(409);
    expect(sameRepo.body.message).toContain('(same repository)');
    expect(await draftCount(other.cookie)).toBe(0);
  });

  it('answers 409 when a listing has the same remote endpoint', async () => {
    const { cookie } = await signUpPerson(t);
    const server = publishServer({ repository: undefined });
    await f.createAgent({ name: 'Endpoint twin', mcp_url: `https://mcp.weather-${serial}.acme.example/mcp` });
    const { status, body } = await importDraft(cookie, { source: 'mcp-registry', name: server.name });
    expect(status).toBe(409);
    expect(body.message).toBe('“Endpoint twin” is already listed on AgentAtlas (same remote URL).');
  });

  it('says clearly when the registry has no such server, is down or answers garbage, and writes nothing', async () => {
    const { cookie } = await signUpPerson(t);
    const server = publishServer();
    const files = await fileCount();

    const missing = await importDraft(cookie, { source: 'mcp-registry', name: 'io.github.nobody/nothing' });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('The MCP registry has no server named io.github.nobody/nothing.');

    try {
      registry.setMode('down');
      const down = await importDraft(cookie, { source: 'mcp-registry', name: server.name });
      expect(down.status).toBe(502);
      expect(down.body.message).toBe('The MCP registry answered HTTP 503. Please try again later.');

      registry.setMode('garbage');
      const garbage = await importDraft(cookie, { source: 'mcp-registry', name: server.name });
      expect(garbage.status).toBe(502);
      expect(garbage.body.message).toBe('The MCP registry answered with something that is not JSON.');

      registry.setMode('rate-limited');
      const limited = await t.request('/api/drafts/import', {
        method: 'POST',
        headers: { cookie },
        json: { source: 'mcp-registry', name: server.name },
      });
      expect(limited.status).toBe(503);
      expect(limited.headers.get('retry-after')).toBe('30');
    } finally {
      registry.setMode('ok');
    }
    expect(await draftCount(cookie)).toBe(0);
    expect(await fileCount()).toBe(files);
  });

  it('imports without the icon when it cannot be fetched, and says so', async () => {
    const { cookie } = await signUpPerson(t);
    const server = publishServer({
      icons: [{ src: `${registry.origin}/icons/missing.png`, mimeType: 'image/png' }],
    });
    const { status, body } = await importDraft(cookie, { source: 'mcp-registry', name: server.name });
    expect(status).toBe(201);
    expect(body.logoFileId).toBeNull();
    expect(body.provenance.logoFileId).toBeUndefined();
    expect(body.warnings).toEqual(['The icon was not imported: its address answered HTTP 404.']);
  });
});

describe('import from a server.json', () => {
  const serverJson = {
    $schema: 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json',
    name: 'com.example/notes',
    title: 'Example Notes',
    description: 'Keeps notes for your agents and finds them again by meaning.',
    version: '2.0.1',
    websiteUrl: 'https://notes.example.com',
    remotes: [{ type: 'sse', url: 'https://notes.example.com/sse' }],
  };

  it('reads one from its address', async () => {
    registry.files.set('/notes/server.json', { type: 'application/json', body: JSON.stringify(serverJson) });
    const { cookie } = await signUpPerson(t);
    const url = `${registry.origin}/notes/server.json`;
    const { status, body } = await importDraft(cookie, { source: 'server-json', url });
    expect(status).toBe(201);
    expect(body).toMatchObject({
      name: 'Example Notes',
      websiteUrl: 'https://notes.example.com',
      // Only a Streamable HTTP remote is an MCP server URL AgentAtlas can check.
      mcpUrl: null,
      version: '2.0.1',
      importedFrom: { source: 'server-json', url, registryName: 'com.example/notes' },
    });
    expect(body.provenance.name).toMatchObject({ source: 'server-json', url });
  });

  it('reads one pasted, as text or as JSON', async () => {
    const { cookie } = await signUpPerson(t);
    const asText = await importDraft(cookie, {
      source: 'server-json',
      json: JSON.stringify({ ...serverJson, name: 'com.example/notes-text' }),
    });
    expect(asText.status).toBe(201);
    expect(asText.body.provenance.name).toMatchObject({ source: 'server-json', url: null });
    // Without a title, the server's own name reads as one.
    const { title: _title, ...untitled } = serverJson;
    const asJson = await importDraft(cookie, {
      source: 'server-json',
      json: { ...untitled, name: 'com.example/notes-json' },
    });
    expect(asJson.status).toBe(201);
    expect(asJson.body.name).toBe('Notes Json');
  });

  it('refuses what is not a server.json with a message on the field', async () => {
    const { cookie } = await signUpPerson(t);
    const notJson = await importDraft(cookie, { source: 'server-json', json: '{ name: ' });
    expect(notJson.status).toBe(400);
    expect(notJson.body.details).toEqual({ json: ['The pasted text is not JSON.'] });

    const noVersion = await importDraft(cookie, {
      source: 'server-json',
      json: { name: 'com.example/x', description: 'x' },
    });
    expect(noVersion.status).toBe(400);
    expect(noVersion.body.details?.json?.[0]).toMatch(/^This is not a server.json \(version: /);

    const both = await importDraft(cookie, {
      source: 'server-json',
      url: 'https://a.example/server.json',
      json: '{}',
    });
    expect(both.status).toBe(400);
    expect(both.body.details?.url).toEqual(['Give either the address of a server.json or its contents']);

    const missing = await importDraft(cookie, {
      source: 'server-json',
      url: `${registry.origin}/nowhere/server.json`,
    });
    expect(missing.status).toBe(400);
    expect(missing.body.details?.url).toEqual(['The server.json address answered HTTP 404.']);
    expect(await draftCount(cookie)).toBe(0);
  });
});

describe('import from an A2A agent card', () => {
  it('fills name, description, skills as tags, version, the card address and the icon', async () => {
    cards.cards.set('/.well-known/agent-card.json', {
      ...validAgentCard(cards.origin, ['summarize', 'translate']),
      name: 'Polyglot',
      description: 'Summarizes and translates documents in forty languages. Keeps the layout.',
      provider: { organization: 'Polyglot Inc.', url: 'https://polyglot.example' },
      documentationUrl: 'https://polyglot.example/docs',
      iconUrl: `${registry.origin}/icons/weather.png`,
    });
    const { cookie } = await signUpPerson(t);
    const url = `${cards.origin}/.well-known/agent-card.json`;
    const { status, body } = await importDraft(cookie, { source: 'agent-card', url });
    expect(status).toBe(201);
    expect(body).toMatchObject({
      name: 'Polyglot',
      tagline: 'Summarizes and translates documents in forty languages.',
      websiteUrl: 'https://polyglot.example',
      docsUrl: 'https://polyglot.example/docs',
      agentCardUrl: url,
      tags: ['a2a', 'summarize', 'translate'],
      version: '1.2.0',
      importedFrom: { source: 'agent-card', url, registryName: null },
    });
    expect(body.logoFileId).toEqual(expect.any(Number));
    expect(body.provenance.agentCardUrl).toMatchObject({ source: 'agent-card', url });

    // The same card again, once listed, is a duplicate by its address.
    const category = await f.createCategory();
    await callApi(t, 'PUT', `/api/drafts/${body.id}`, cookie, { category: category.slug, pricing: 'paid' });
    expect((await callApi(t, 'POST', `/api/drafts/${body.id}/submit`, cookie)).status).toBe(201);
    const again = await importDraft(cookie, { source: 'agent-card', url });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('“Polyglot” is already listed on AgentAtlas (same remote URL).');
  });

  it('refuses an address that serves no agent card', async () => {
    const { cookie } = await signUpPerson(t);
    const invalid = await importDraft(cookie, { source: 'agent-card', url: cards.url('/invalid.json') });
    expect(invalid.status).toBe(400);
    expect(invalid.body.details?.url?.[0]).toMatch(/^This is not an A2A agent card \(skills: /);
    expect(await draftCount(cookie)).toBe(0);
  });
});

describe('import requests', () => {
  it('needs a signed-in person and a source it knows', async () => {
    expect((await importDraft(null, { source: 'mcp-registry', name: 'io.github.a/b' })).status).toBe(401);
    const { cookie } = await signUpPerson(t);
    const unknown = await importDraft(cookie, { source: 'ftp', name: 'x' });
    expect(unknown.status).toBe(400);
    const badName = await importDraft(cookie, { source: 'mcp-registry', name: 'not a name' });
    expect(badName.status).toBe(400);
    expect(badName.body.details?.name).toEqual(['The server name looks like io.github.owner/server']);
  });

  it('never fetches a private address when outbound requests are guarded', async () => {
    const guarded = await createTestApp({ MCP_REGISTRY_URL: registry.origin });
    try {
      const { cookie } = await signUpPerson(guarded);
      const card = await callApi<ErrorBody>(guarded, 'POST', '/api/drafts/import', cookie, {
        source: 'agent-card',
        url: cards.url('/valid.json'),
      });
      expect(card.status).toBe(400);
      expect(card.body.details?.url?.[0]).toMatch(/^The agent card could not be read: /);
      const fromRegistry = await callApi<ErrorBody>(guarded, 'POST', '/api/drafts/import', cookie, {
        source: 'mcp-registry',
        name: 'io.github.a/b',
      });
      expect(fromRegistry.status).toBe(502);
      expect(fromRegistry.body.message).toMatch(/^The MCP registry could not be reached \(/);
      expect(registry.requests.some((request) => request.path.includes('io.github.a%2Fb'))).toBe(false);
    } finally {
      await guarded.close();
    }
  });
});
