import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ErrorBody } from '../../src/shared/api/errors.js';
import type { ImportCandidateList } from '../../src/shared/api/imports.js';
import type { AgentHealth } from '../../src/shared/api/probes.js';
import type { ImportDraftResponse } from '../../src/shared/api/submissions.js';
import type { AgentRow } from '../../src/server/db/schema.js';
import { RegistrySync } from '../../src/server/features/imports/registry-sync.js';
import { startFakeMcp } from '../support/fake-mcp.js';
import { factories } from '../support/factories.js';
import { callApi, signUpPerson } from '../support/sessions.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * The MCP registry API v0.1 that AgentAtlas serves (DESIGN section 11), read as a registry client
 * reads it. The schema below is written for this test from the registry's published OpenAPI document
 * (docs/reference/api/openapi.yaml of modelcontextprotocol/registry: ServerList, ServerResponse,
 * ServerDetail, Repository, StreamableHttpTransport), not taken from the code under test.
 */
const rfc3339 = z
  .string()
  .refine((value) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(value));
const documentedServer = z.object({
  $schema: z.url().optional(),
  name: z
    .string()
    .min(3)
    .max(200)
    .regex(/^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/),
  description: z.string().min(1).max(100),
  title: z.string().min(1).max(100).optional(),
  version: z
    .string()
    .min(1)
    .max(255)
    .refine((value) => value !== 'latest' && !/^[\^~><=]|\.x$|\*/.test(value)),
  websiteUrl: z.url().optional(),
  repository: z.object({ url: z.url(), source: z.string().min(1) }).optional(),
  remotes: z
    .array(
      z.object({
        type: z.enum(['streamable-http', 'sse']),
        url: z.string().regex(/^(https?:\/\/[^\s]+|\{[a-zA-Z_][a-zA-Z0-9_]*\}[^\s]*)$/),
      }),
    )
    .optional(),
});
const documentedResponse = z.object({
  server: documentedServer,
  _meta: z
    .looseObject({
      'io.modelcontextprotocol.registry/official': z
        .strictObject({
          status: z.enum(['active', 'deprecated', 'deleted']).optional(),
          statusMessage: z.string().max(500).optional(),
          statusChangedAt: rfc3339.optional(),
          publishedAt: rfc3339.optional(),
          updatedAt: rfc3339.optional(),
          isLatest: z.boolean().optional(),
        })
        .optional(),
    })
    .optional(),
});
const documentedList = z.object({
  servers: z.array(documentedResponse),
  metadata: z.object({ nextCursor: z.string().nullish(), count: z.number().int().optional() }).optional(),
});
type DocumentedResponse = z.infer<typeof documentedResponse>;

/** What AgentAtlas adds: the evidence, as DESIGN section 11 names its fields. */
const evidence = z.strictObject({
  url: z.url(),
  score: z.number().min(0).max(100),
  verified: z.boolean(),
  claims: z.array(z.enum(['dns', 'well-known', 'github'])),
  health: z.enum(['up', 'down', 'unknown', 'none']),
  protocols: z.array(z.string()),
  toolSetHash: z.string().nullable(),
  maxRiskSeverity: z.enum(['none', 'info', 'warning', 'danger']).nullable(),
  advisories: z.array(z.string()),
});
const evidenceOf = (entry: DocumentedResponse) =>
  evidence.parse((entry._meta as Record<string, unknown>)['io.agentatlas/evidence']);

let t: TestApp;
let f: ReturnType<typeof factories>;
const closers: Array<() => Promise<void>> = [];
/** Every server the catalogue should list, by name, and the agents behind them. */
const listed = new Map<string, AgentRow>();
let withRepo: AgentRow;
let imported: AgentRow;

beforeAll(async () => {
  t = await createTestApp({ OUTBOUND_ALLOW_PRIVATE: 'true' });
  closers.push(() => t.close());
  f = factories(t.app);
  const category = await f.createCategory();
  for (let i = 0; i < 23; i += 1) {
    const agent = await f.createAgent({ category, mcp_url: `https://mcp-${i}.example/mcp` });
    listed.set(`localhost/${agent.slug}`, agent);
  }
  withRepo = await f.createAgent({
    category,
    name: 'Percent 100% Weather',
    tagline: 'x'.repeat(150),
    mcp_url: 'https://weather.example/mcp',
    repo_url: 'https://github.com/acme/weather',
  });
  listed.set(`localhost/${withRepo.slug}`, withRepo);
  imported = await f.createAgent({ category, mcp_url: 'https://imported.example/mcp' });
  await t.app.db.kysely
    .insertInto('agent_sources')
    .values({
      agent_id: imported.id,
      source: 'mcp-registry',
      source_url: null,
      registry_name: 'io.github.acme/imported',
      version: '2.4.1',
      fetched_at: new Date().toISOString(),
      queued_version: null,
    })
    .execute();
  listed.set('io.github.acme/imported', imported);
  // Not servers: no MCP endpoint, not published.
  await f.createAgent({ category, mcp_url: null, agent_card_url: 'https://a2a.example/card.json' });
  await f.createAgent({ category, status: 'pending', mcp_url: 'https://pending.example/mcp' });
  await f.createAgent({ category, status: 'rejected', mcp_url: 'https://rejected.example/mcp' });
});
afterAll(async () => {
  for (const close of closers.reverse()) await close();
});

async function getJson(base: TestApp, path: string) {
  const response = await base.request(path);
  return { status: response.status, headers: response.headers, body: (await response.json()) as unknown };
}

/** An independent registry client: follows nextCursor to the end and checks every page against the docs. */
async function walk(base: TestApp, query: Record<string, string> = {}) {
  const seen: DocumentedResponse[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const params = new URLSearchParams({ ...query, ...(cursor ? { cursor } : {}) });
    const { status, body } = await getJson(base, `/v0.1/servers?${params}`);
    expect(status).toBe(200);
    const page = documentedList.parse(body);
    expect(page.metadata?.count).toBe(page.servers.length);
    seen.push(...page.servers);
    cursor = page.metadata?.nextCursor ?? undefined;
    pages += 1;
    expect(pages).toBeLessThan(100);
  } while (cursor);
  return { servers: seen, pages };
}

describe('GET /v0.1/servers', () => {
  it('pages through every published listing with an MCP endpoint once, in documented shapes', async () => {
    const { servers, pages } = await walk(t, { limit: '7' });
    expect(pages).toBe(Math.ceil(listed.size / 7));
    const names = servers.map((entry) => entry.server.name);
    expect(new Set(names).size).toBe(names.length);
    expect(new Set(names)).toEqual(new Set(listed.keys()));
    for (const entry of servers) {
      const agent = listed.get(entry.server.name)!;
      expect(entry.server.remotes).toEqual([{ type: 'streamable-http', url: agent.mcp_url }]);
      expect(entry._meta?.['io.modelcontextprotocol.registry/official']).toMatchObject({
        status: 'active',
        isLatest: true,
        updatedAt: agent.updated_at,
      });
      expect(evidenceOf(entry).url).toBe(`http://localhost:3000/agents/${agent.slug}`);
    }
    // The default page is 30: the whole catalogue here, with no next cursor.
    const { body } = await getJson(t, '/v0.1/servers');
    expect(documentedList.parse(body)).toMatchObject({ metadata: { count: listed.size } });
    expect(documentedList.parse(body).metadata?.nextCursor ?? null).toBeNull();
  });

  it('writes server.json within the registry’s limits: a long tagline clipped, the forge of a repository named', async () => {
    const { body } = await getJson(
      t,
      `/v0.1/servers/${encodeURIComponent(`localhost/${withRepo.slug}`)}/versions/latest`,
    );
    const entry = documentedResponse.parse(body);
    expect(entry.server).toMatchObject({
      title: 'Percent 100% Weather',
      version: '1.0.0',
      websiteUrl: withRepo.website_url,
      repository: { url: 'https://github.com/acme/weather', source: 'github' },
    });
    expect(entry.server.description).toHaveLength(100);
    expect(entry.server.description.endsWith('…')).toBe(true);
  });

  it('searches names and titles as substrings in any case; % is a character, not a wildcard', async () => {
    const byTitle = await walk(t, { search: 'PERCENT 100%' });
    expect(byTitle.servers.map((entry) => entry.server.name)).toEqual([`localhost/${withRepo.slug}`]);
    expect((await walk(t, { search: 'acme/imp' })).servers.map((entry) => entry.server.name)).toEqual([
      'io.github.acme/imported',
    ]);
    expect((await walk(t, { search: '%' })).servers).toHaveLength(1);
    expect((await walk(t, { search: 'no such server anywhere' })).servers).toEqual([]);
  });

  it('answers what changed since a moment, and an exact version or latest', async () => {
    const before = new Date(Date.now() - 1000).toISOString();
    const old = new Date(Date.now() - 86_400_000).toISOString();
    await t.app.db.kysely.updateTable('agents').set({ updated_at: old }).execute();
    const changed = [...listed.values()].slice(0, 3);
    const now = new Date().toISOString();
    for (const agent of changed)
      await t.app.db.kysely
        .updateTable('agents')
        .set({ updated_at: now })
        .where('id', '=', agent.id)
        .execute();
    const since = await walk(t, { updated_since: before, limit: '2' });
    expect(since.servers.map((entry) => listed.get(entry.server.name)!.id).sort()).toEqual(
      changed.map((agent) => agent.id).sort(),
    );
    expect((await walk(t, { updated_since: '2999-01-01T00:00:00+01:00' })).servers).toEqual([]);

    expect((await walk(t, { version: 'latest' })).servers).toHaveLength(listed.size);
    expect((await walk(t, { version: '2.4.1' })).servers.map((entry) => entry.server.name)).toEqual([
      'io.github.acme/imported',
    ]);
    expect((await walk(t, { version: '1.0.0' })).servers).toHaveLength(listed.size - 1);
  });

  it('refuses a bad cursor, limit or date with a 400 naming it, and lets any origin read', async () => {
    for (const [query, field] of [
      ['cursor=not-ours', 'cursor'],
      [`cursor=${Buffer.from('after:x').toString('base64url')}`, 'cursor'],
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['limit=ten', 'limit'],
      ['updated_since=yesterday', 'updated_since'],
    ] as const) {
      const { status, headers, body } = await getJson(t, `/v0.1/servers?${query}`);
      expect(status, query).toBe(400);
      expect(Object.keys((body as ErrorBody).details ?? {}), query).toContain(field);
      expect(headers.get('access-control-allow-origin')).toBe('*');
    }
    const ok = await getJson(t, '/v0.1/servers?limit=1');
    expect(ok.headers.get('access-control-allow-origin')).toBe('*');
    expect(ok.headers.get('cache-control')).toBe('no-cache');
  });
});

describe('one server', () => {
  it('answers by its name, URL-encoded as the registry says, at latest or its exact version', async () => {
    const name = 'io.github.acme/imported';
    const versions = await getJson(t, `/v0.1/servers/${encodeURIComponent(name)}/versions`);
    expect(versions.status).toBe(200);
    const list = documentedList.parse(versions.body);
    expect(list.servers.map((entry) => entry.server.version)).toEqual(['2.4.1']);
    for (const version of ['latest', '2.4.1']) {
      const { status, body } = await getJson(
        t,
        `/v0.1/servers/${encodeURIComponent(name)}/versions/${version}`,
      );
      expect(status, version).toBe(200);
      expect(documentedResponse.parse(body).server).toMatchObject({ name, version: '2.4.1' });
    }
    const wrong = await getJson(t, `/v0.1/servers/${encodeURIComponent(name)}/versions/1.0.0`);
    expect(wrong.status).toBe(404);
    expect((wrong.body as ErrorBody).message).toContain('2.4.1');
  });

  it('is 404 for a name nobody lists, a listing without an endpoint, or a slug under another namespace', async () => {
    const unlisted = await f.createAgent({ mcp_url: null });
    const pending = await f.createAgent({ status: 'pending', mcp_url: 'https://p.example/mcp' });
    for (const name of [
      'io.github.nobody/nothing',
      `localhost/${unlisted.slug}`,
      `localhost/${pending.slug}`,
      `com.example/${withRepo.slug}`,
      // An imported listing answers under its registry name only.
      `localhost/${imported.slug}`,
      'not a name',
    ]) {
      const { status, headers } = await getJson(
        t,
        `/v0.1/servers/${encodeURIComponent(name)}/versions/latest`,
      );
      expect(status, name).toBe(404);
      expect(headers.get('access-control-allow-origin')).toBe('*');
      expect((await getJson(t, `/v0.1/servers/${encodeURIComponent(name)}/versions`)).status, name).toBe(404);
    }
  });

  it('carries the evidence of the agent page: health and protocols from a probe, the tool set, claims, score', async () => {
    const mcp = await startFakeMcp({ mode: 'dual', tools: ['search', 'fetch'] });
    closers.push(() => mcp.close());
    const owner = await signUpPerson(t);
    const agent = await f.createAgent({ owner_id: owner.user.id, mcp_url: mcp.url, verified: 1 });
    const name = `localhost/${agent.slug}`;
    const path = `/v0.1/servers/${encodeURIComponent(name)}/versions/latest`;
    expect(evidenceOf(documentedResponse.parse((await getJson(t, path)).body))).toMatchObject({
      health: 'unknown',
      toolSetHash: null,
      verified: true,
    });

    const health = await callApi<AgentHealth>(t, 'POST', `/api/agents/${agent.id}/probe`, owner.cookie);
    const endpoint = health.body.endpoints[0]!;
    const found = evidenceOf(documentedResponse.parse((await getJson(t, path)).body));
    expect(found).toEqual({
      url: `http://localhost:3000/agents/${agent.slug}`,
      score: expect.any(Number),
      verified: true,
      claims: [],
      health: 'up',
      protocols: expect.arrayContaining(['2026-07-28']),
      toolSetHash: endpoint.toolSetHash,
      maxRiskSeverity: 'none',
      advisories: [],
    });
    expect(found.toolSetHash).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('a second AgentAtlas reads this one as its MCP registry', () => {
  it('imports a listing into a draft and a sync walks every server as a candidate', async () => {
    const second = await createTestApp({ OUTBOUND_ALLOW_PRIVATE: 'true', MCP_REGISTRY_URL: t.baseUrl });
    closers.push(() => second.close());
    const person = await signUpPerson(second);
    const name = `localhost/${withRepo.slug}`;
    const { status, body } = await callApi<ImportDraftResponse>(
      second,
      'POST',
      '/api/drafts/import',
      person.cookie,
      {
        source: 'mcp-registry',
        name,
      },
    );
    expect(status).toBe(201);
    expect(body).toMatchObject({
      name: 'Percent 100% Weather',
      websiteUrl: withRepo.website_url,
      repoUrl: 'https://github.com/acme/weather',
      mcpUrl: 'https://weather.example/mcp',
      version: '1.0.0',
      importedFrom: { source: 'mcp-registry', registryName: name, version: '1.0.0' },
    });

    const admin = await signUpPerson(second, 'admin');
    await new RegistrySync(second.app.services.registrySync, { log: second.app.log, pageGapMs: 0 }).runNow();
    const names = new Set<string>();
    let before: number | undefined;
    for (;;) {
      const page = await callApi<ImportCandidateList>(
        second,
        'GET',
        `/api/admin/import-candidates${before ? `?before=${before}` : ''}`,
        admin.cookie,
      );
      for (const candidate of page.body.candidates) names.add(candidate.registryName);
      if (!page.body.nextBefore) break;
      before = page.body.nextBefore;
    }
    const { servers } = await walk(t);
    expect(names).toEqual(new Set(servers.map((entry) => entry.server.name)));
  });
});
