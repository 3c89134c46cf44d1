import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminSubmissionList } from '../../src/shared/api/admin.js';
import type { ErrorBody } from '../../src/shared/api/errors.js';
import {
  IMPORT_CANDIDATES_PAGE_SIZE,
  type ImportCandidateList,
  type RegistrySyncStatus,
} from '../../src/shared/api/imports.js';
import type { ImportDraftResponse } from '../../src/shared/api/submissions.js';
import { RegistrySync } from '../../src/server/features/imports/registry-sync.js';
import { registryEntry, startFakeRegistry } from '../support/fake-registry.js';
import { factories } from '../support/factories.js';
import { callApi, signUpPerson } from '../support/sessions.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let registry: Awaited<ReturnType<typeof startFakeRegistry>>;
let admin: Awaited<ReturnType<typeof signUpPerson>>;
const PAGE_GAP_MS = 80;

beforeAll(async () => {
  registry = await startFakeRegistry();
  t = await createTestApp({ OUTBOUND_ALLOW_PRIVATE: 'true', MCP_REGISTRY_URL: registry.origin });
  admin = await signUpPerson(t, 'admin');
});
afterAll(async () => {
  await t.close();
  await registry.close();
});

/** A run with a short pause between pages, as the app's own runs (1 s) but quicker. */
function sync() {
  return new RegistrySync(t.app.services.registrySync, { log: t.app.log, pageGapMs: PAGE_GAP_MS }).runNow();
}

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

function server(name: string, version: string, extra: Record<string, unknown> = {}) {
  return {
    name,
    description: `The ${name.split('/')[1]} server, for the sync's tests.`,
    version,
    repository: { url: `https://github.com/${name.replace(/[./]/g, '-')}/server`, source: 'github' },
    ...extra,
  };
}

const status = async () =>
  (await callApi<RegistrySyncStatus>(t, 'GET', '/api/admin/registry-sync', admin.cookie)).body;
const candidates = async (before?: number) =>
  (
    await callApi<ImportCandidateList>(
      t,
      'GET',
      `/api/admin/import-candidates${before ? `?before=${before}` : ''}`,
      admin.cookie,
    )
  ).body;

describe('the registry sync', () => {
  let listedAgentId = 0;

  it('queues a new version of a listed server as a pending edit and new servers as candidates, a cursor page at a time', async () => {
    // An owner listed io.github.sync/listed 1.0.0 from the registry; an admin approved it.
    const owner = await signUpPerson(t);
    const category = await factories(t.app).createCategory();
    registry.publish(registryEntry(server('io.github.sync/listed', '1.0.0'), { updatedAt: minutesAgo(60) }));
    const { body: draft } = await callApi<ImportDraftResponse>(
      t,
      'POST',
      '/api/drafts/import',
      owner.cookie,
      {
        source: 'mcp-registry',
        name: 'io.github.sync/listed',
      },
    );
    await callApi(t, 'PUT', `/api/drafts/${draft.id}`, owner.cookie, {
      category: category.slug,
      pricing: 'free',
    });
    const submitted = await callApi<{ agentId: number }>(
      t,
      'POST',
      `/api/drafts/${draft.id}/submit`,
      owner.cookie,
    );
    listedAgentId = submitted.body.agentId;
    expect(
      (await callApi(t, 'POST', `/api/admin/agents/${listedAgentId}/approve`, admin.cookie)).status,
    ).toBe(200);

    // Since then: version 1.1.0 with a new website, 230 new servers, a deleted one.
    registry.publish(
      registryEntry(server('io.github.sync/listed', '1.1.0', { websiteUrl: 'https://listed.example/v1.1' }), {
        updatedAt: minutesAgo(30),
      }),
    );
    for (let i = 0; i < 230; i += 1)
      registry.publish(
        registryEntry(server(`io.github.sync/new-${i}`, '0.1.0'), { updatedAt: minutesAgo(20 - i / 100) }),
      );
    registry.publish(
      registryEntry(server('io.github.sync/gone', '2.0.0'), { updatedAt: minutesAgo(5), status: 'deleted' }),
    );
    const requestsBefore = registry.requests.length;

    const counts = await sync();
    expect(counts).toEqual({
      pages: 3,
      servers: 233,
      editsQueued: 1,
      candidatesAdded: 230,
      candidatesUpdated: 0,
      // The old version 1.0.0 (no longer the latest) and the deleted server.
      skipped: 2,
    });

    // Politely: one page at a time, never two within the pause; each after the cursor of the one before.
    const pages = registry.requests.slice(requestsBefore);
    expect(pages.map((request) => new URL(request.path, registry.origin).searchParams.has('cursor'))).toEqual(
      [false, true, true],
    );
    for (let i = 1; i < pages.length; i += 1)
      expect(pages[i]!.at - pages[i - 1]!.at).toBeGreaterThanOrEqual(PAGE_GAP_MS - 5);
    expect(new URL(pages[0]!.path, registry.origin).searchParams.get('updated_since')).toEqual(
      expect.any(String),
    );

    // The edit waits for an admin; nothing changed on the live listing by itself.
    const queue = await callApi<AdminSubmissionList>(t, 'GET', '/api/admin/submissions', admin.cookie);
    const edit = queue.body.submissions.find((item) => item.agentId === listedAgentId);
    expect(edit).toMatchObject({ kind: 'revision', changedFields: ['websiteUrl'] });
    expect(edit!.proposed.websiteUrl).toBe('https://listed.example/v1.1');
    const live = await t.app.db.kysely
      .selectFrom('agents')
      .select('website_url')
      .where('id', '=', listedAgentId)
      .executeTakeFirstOrThrow();
    expect(live.website_url).toBeNull();

    const state = await status();
    expect(state).toMatchObject({ lastError: null, candidatesWaiting: 230, running: false });
    expect(state.lastCounts).toEqual(counts);
    expect(state.updatedSince! > minutesAgo(6)).toBe(true);
  });

  it('lists candidates newest first, a page at a time', async () => {
    const first = await candidates();
    expect(first.total).toBe(230);
    expect(first.candidates).toHaveLength(IMPORT_CANDIDATES_PAGE_SIZE);
    expect(first.candidates[0]).toMatchObject({ registryName: 'io.github.sync/new-229', version: '0.1.0' });
    const second = await candidates(first.nextBefore!);
    expect(second.candidates[0]!.id).toBeLessThan(first.candidates.at(-1)!.id);
  });

  it('asks only for what changed since the last run, and an approved edit moves the listing to its version', async () => {
    const before = registry.requests.length;
    expect(await sync()).toMatchObject({ pages: 1, servers: 0, editsQueued: 0, candidatesAdded: 0 });
    expect(registry.requests.length).toBe(before + 1);

    expect(
      (await callApi(t, 'POST', `/api/admin/agents/${listedAgentId}/approve`, admin.cookie)).status,
    ).toBe(200);
    const source = await t.app.db.kysely
      .selectFrom('agent_sources')
      .select('version')
      .where('agent_id', '=', listedAgentId)
      .executeTakeFirstOrThrow();
    expect(source.version).toBe('1.1.0');
  });

  it('keeps what it read when the registry slows it down mid-run, and goes on from the cursor', async () => {
    for (let i = 0; i < 150; i += 1)
      registry.publish(registryEntry(server(`io.github.sync/later-${i}`, '1.0.0')));
    registry.setMode('rate-limited', 1);
    try {
      expect(await sync()).toMatchObject({ pages: 1, candidatesAdded: 100 });
      expect((await status()).lastError).toBe(
        'The MCP registry asked us to slow down; the next run goes on where this one stopped.',
      );
    } finally {
      registry.setMode('ok');
    }
    const before = registry.requests.length;
    expect(await sync()).toMatchObject({ pages: 1, candidatesAdded: 50 });
    expect(new URL(registry.requests[before]!.path, registry.origin).searchParams.has('cursor')).toBe(true);
    expect((await status()).lastError).toBeNull();
  });

  it('says so when the registry is down or answers garbage, and writes nothing', async () => {
    const waiting = (await status()).candidatesWaiting;
    registry.publish(registryEntry(server('io.github.sync/during-outage', '1.0.0')));
    for (const [mode, message] of [
      ['down', 'The MCP registry answered HTTP 503. Please try again later.'],
      ['garbage', 'The MCP registry answered with something that is not JSON.'],
    ] as const) {
      registry.setMode(mode);
      try {
        expect(await sync()).toMatchObject({ pages: 0, candidatesAdded: 0 });
        expect(await status()).toMatchObject({ lastError: message, candidatesWaiting: waiting });
      } finally {
        registry.setMode('ok');
      }
    }
    expect(await sync()).toMatchObject({ candidatesAdded: 1 });
  });
});

describe('admins and candidates', () => {
  it('turns the periodic sync on and off, and starts a run on request', async () => {
    const put = await callApi<RegistrySyncStatus>(t, 'PUT', '/api/admin/registry-sync', admin.cookie, {
      enabled: true,
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ enabled: true, registryUrl: registry.origin, intervalMinutes: 60 });
    const run = await callApi<RegistrySyncStatus>(t, 'POST', '/api/admin/registry-sync/run', admin.cookie);
    expect(run.status).toBe(202);
    await expect.poll(async () => (await status()).running, { timeout: 10_000 }).toBe(false);
    expect(
      (
        await callApi<RegistrySyncStatus>(t, 'PUT', '/api/admin/registry-sync', admin.cookie, {
          enabled: false,
        })
      ).body.enabled,
    ).toBe(false);
  });

  it('dismisses a candidate, or starts a draft of it', async () => {
    const [first, second] = (await candidates()).candidates;
    expect(
      (await callApi(t, 'POST', `/api/admin/import-candidates/${first!.id}/dismiss`, admin.cookie)).status,
    ).toBe(204);
    const again = await callApi<ErrorBody>(
      t,
      'POST',
      `/api/admin/import-candidates/${first!.id}/dismiss`,
      admin.cookie,
    );
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This server was dealt with already.');

    const drafted = await callApi<ImportDraftResponse>(
      t,
      'POST',
      `/api/admin/import-candidates/${second!.id}/draft`,
      admin.cookie,
    );
    expect(drafted.status).toBe(201);
    expect(drafted.body).toMatchObject({
      importedFrom: { source: 'mcp-registry', registryName: second!.registryName },
      version: second!.version,
    });
    const remaining = (await candidates()).candidates.map((candidate) => candidate.id);
    expect(remaining).not.toContain(first!.id);
    expect(remaining).not.toContain(second!.id);
    expect((await callApi(t, 'POST', '/api/admin/import-candidates/999999/draft', admin.cookie)).status).toBe(
      404,
    );
  });

  it('is for admins only', async () => {
    const person = await signUpPerson(t);
    for (const [method, path] of [
      ['GET', '/api/admin/registry-sync'],
      ['POST', '/api/admin/registry-sync/run'],
      ['GET', '/api/admin/import-candidates'],
    ] as const)
      expect((await callApi(t, method, path, person.cookie)).status).toBe(403);
  });
});
