import canonicalize from 'canonicalize';
import { compactVerify, createLocalJWKSet, type JSONWebKeySet } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../src/shared/api/errors.js';
import type { Changelog, Policy, PolicyPreview } from '../../src/shared/api/policies.js';
import type { CategoryRow } from '../../src/server/db/schema.js';
import { startFakeMcp } from '../support/fake-mcp.js';
import { factories } from '../support/factories.js';
import { callApi, signUpPerson } from '../support/sessions.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * Policy views (DESIGN section 11): evidence moves a view without anyone editing a list. Each server
 * here is an agent with a fake MCP server of its own; the tests probe it, change what it serves,
 * publish an advisory or lapse a claim, run the evaluation the app runs every minute, and read the
 * view as a registry client would, with every changelog entry's JWS checked against the JWKS (jose).
 */
let t: TestApp;
let f: ReturnType<typeof factories>;
let owner: Awaited<ReturnType<typeof signUpPerson>>;
let admin: Awaited<ReturnType<typeof signUpPerson>>;
let category: CategoryRow;
const closers: Array<() => Promise<void>> = [];

beforeAll(async () => {
  t = await createTestApp({ OUTBOUND_ALLOW_PRIVATE: 'true' });
  f = factories(t.app);
  owner = await signUpPerson(t);
  admin = await signUpPerson(t, 'admin');
  category = await f.createCategory();
});
afterAll(async () => {
  for (const close of closers) await close();
  await t.close();
});

/** A listed MCP server, probed once: healthy and with its tools on record. */
async function server(options: { verified?: boolean; category?: CategoryRow } = {}) {
  const mcp = await startFakeMcp({ tools: ['search', 'fetch'] });
  closers.push(() => mcp.close());
  const agent = await f.createAgent({
    owner_id: owner.user.id,
    mcp_url: mcp.url,
    category: options.category ?? category,
    verified: options.verified ? 1 : 0,
  });
  await probe(agent.id);
  return { agent, mcp, name: `localhost/${agent.slug}` };
}

async function probe(agentId: number) {
  expect((await callApi(t, 'POST', `/api/agents/${agentId}/probe`, owner.cookie)).status).toBe(200);
}

async function createView(body: Record<string, unknown>, cookie = owner.cookie) {
  return callApi<Policy & ErrorBody>(t, 'POST', '/api/policies', cookie, body);
}

/** The view as a registry client reads it: every page, by name. */
async function admitted(slug: string): Promise<string[]> {
  const names: string[] = [];
  let cursor: string | undefined;
  do {
    const response = await t.request(`/p/${slug}/v0.1/servers?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const page = (await response.json()) as {
      servers: Array<{ server: { name: string } }>;
      metadata: { count: number; nextCursor?: string };
    };
    expect(page.metadata.count).toBe(page.servers.length);
    names.push(...page.servers.map((entry) => entry.server.name));
    cursor = page.metadata.nextCursor;
  } while (cursor);
  return names.sort();
}

/** The changelog, each entry's JWS verified with the JWKS and matching the entry. */
async function changelog(slug: string) {
  const { body } = await callApi<Changelog>(t, 'GET', `/p/${slug}/changelog`, null);
  const keys = (await (await t.request('/.well-known/jwks.json')).json()) as JSONWebKeySet;
  for (const entry of body.entries) {
    const { payload } = await compactVerify(entry.jws, createLocalJWKSet(keys));
    const { jws: _jws, ...fields } = entry;
    expect(new TextDecoder().decode(payload)).toBe(canonicalize({ view: slug, ...fields }));
  }
  return body.entries;
}

const evaluate = () => t.app.policyEvaluator.runOnce();

describe('a view follows the evidence', () => {
  it('admits the healthy servers of its category; a failed probe drops one at the next evaluation, recovery brings it back', async () => {
    const otherCategory = await f.createCategory();
    const up = await server();
    const failing = await server();
    const elsewhere = await server({ category: otherCategory });
    const created = await createView({
      slug: 'healthy-tools',
      name: 'Healthy tools',
      approval: 'automatic',
      rules: { requireHealthy: true, categories: [category.slug] },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      registryUrl: 'http://localhost:3000/p/healthy-tools',
      changelogUrl: 'http://localhost:3000/p/healthy-tools/changelog',
      approval: 'automatic',
    });
    expect(await admitted('healthy-tools')).toEqual([up.name, failing.name].sort());
    expect(await admitted('healthy-tools')).not.toContain(elsewhere.name);

    failing.mcp.state.mode = 'error';
    await probe(failing.agent.id);
    // Nothing moves before the evaluation; at it, the server leaves, with a signed reason.
    expect(await admitted('healthy-tools')).toContain(failing.name);
    await evaluate();
    expect(await admitted('healthy-tools')).toEqual([up.name]);
    const [dropped] = await changelog('healthy-tools');
    expect(dropped).toMatchObject({
      serverName: failing.name,
      action: 'dropped',
      reason: 'Its last probe failed',
    });

    failing.mcp.state.mode = 'healthy';
    await probe(failing.agent.id);
    await evaluate();
    expect(await admitted('healthy-tools')).toEqual([up.name, failing.name].sort());
    expect((await changelog('healthy-tools'))[0]).toMatchObject({
      serverName: failing.name,
      action: 'added',
    });
    // One server of the view by name, and not one it does not admit.
    const one = await t.request(
      `/p/healthy-tools/v0.1/servers/${encodeURIComponent(up.name)}/versions/latest`,
    );
    expect(one.status).toBe(200);
    const outside = await t.request(
      `/p/healthy-tools/v0.1/servers/${encodeURIComponent(elsewhere.name)}/versions/latest`,
    );
    expect(outside.status).toBe(404);
  });

  it('a lapsed ownership claim drops the server', async () => {
    const claimed = await server();
    const now = new Date().toISOString();
    const claim = await t.app.db.kysely
      .insertInto('ownership_claims')
      .values({
        agent_id: claimed.agent.id,
        method: 'dns',
        subject: `${claimed.agent.slug}.example`,
        token: `token-${claimed.agent.id}`,
        status: 'active',
        verified_at: now,
        checked_at: now,
        next_check_at: now,
        detail: null,
        lease_until: null,
        lapse_event_id: null,
        last_failure_at: null,
        unchecked_since: null,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await createView({
      slug: 'dns-proven',
      name: 'DNS proven',
      approval: 'automatic',
      rules: { claimMethods: ['dns'] },
    });
    expect(await admitted('dns-proven')).toEqual([claimed.name]);
    await t.app.db.kysely
      .updateTable('ownership_claims')
      .set({ status: 'lapsed' })
      .where('id', '=', claim.id)
      .execute();
    await evaluate();
    expect(await admitted('dns-proven')).toEqual([]);
    expect((await changelog('dns-proven'))[0]).toMatchObject({
      action: 'dropped',
      reason: 'Ownership not proven by dns',
    });
  });

  it('with pinned tool sets, a changed tool set drops the server until the owner approves the new hash', async () => {
    const pinned = await server({ verified: true });
    await createView({
      slug: 'pinned',
      name: 'Pinned',
      approval: 'automatic',
      rules: { verifiedOnly: true, pinToolSets: true },
    });
    expect(await admitted('pinned')).toEqual([pinned.name]);
    pinned.mcp.state.tools = ['search', 'fetch', 'exec'];
    await probe(pinned.agent.id);
    await evaluate();
    expect(await admitted('pinned')).toEqual([]);
    expect((await changelog('pinned'))[0]).toMatchObject({
      action: 'dropped',
      reason: expect.stringMatching(/^Its tool set changed from \w{12} to \w{12}$/),
    });
    const preview = await callApi<PolicyPreview>(t, 'GET', '/api/policies/pinned/preview', owner.cookie);
    expect(preview.body.servers.find((entry) => entry.name === pinned.name)).toMatchObject({
      state: 'queued',
      reasons: [expect.stringContaining('approve to pin it')],
    });

    const approved = await callApi<Policy>(t, 'POST', '/api/policies/pinned/approve', owner.cookie, {
      serverName: pinned.name,
    });
    expect(approved.status).toBe(200);
    expect(await admitted('pinned')).toEqual([pinned.name]);
    expect((await changelog('pinned'))[0]).toMatchObject({ action: 'pinned', serverName: pinned.name });
    // Approved, it stays through the next evaluation.
    await evaluate();
    expect(await admitted('pinned')).toEqual([pinned.name]);
  });

  it('an advisory drops a server from views with noAdvisories at once; withdrawn, it comes back at once', async () => {
    const advised = await server();
    await createView({
      slug: 'no-advisories',
      name: 'No advisories',
      approval: 'automatic',
      rules: { noAdvisories: true, include: [advised.name] },
    });
    expect(await admitted('no-advisories')).toEqual([advised.name]);
    const advisory = await callApi<{ id: string }>(t, 'POST', '/api/admin/advisories', admin.cookie, {
      summary: 'Leaks tokens',
      details: 'The fetch tool sends the session token to a third party.',
      severity: 'high',
      affected: [{ slug: advised.agent.slug }],
    });
    // No evaluation asked for: publishing the advisory starts one.
    await expect.poll(() => admitted('no-advisories'), { timeout: 10_000 }).toEqual([]);
    expect((await changelog('no-advisories'))[0]).toMatchObject({
      action: 'dropped',
      reason: `Open advisory ${advisory.body.id}`,
    });
    await callApi(t, 'POST', `/api/admin/advisories/${advisory.body.id}/withdraw`, admin.cookie);
    await expect.poll(() => admitted('no-advisories'), { timeout: 10_000 }).toEqual([advised.name]);
  });

  it('with manual approval, a server that meets the rules waits in the queue until approved', async () => {
    const waiting = await server();
    await createView({
      slug: 'manual',
      name: 'Manual',
      approval: 'manual',
      rules: { include: [waiting.name] },
    });
    expect(await admitted('manual')).toEqual([]);
    const view = await callApi<Policy>(t, 'GET', '/api/policies/manual', owner.cookie);
    expect(view.body).toMatchObject({ admitted: 0, queued: 1 });
    const approved = await callApi<Policy>(t, 'POST', '/api/policies/manual/approve', owner.cookie, {
      serverName: waiting.name,
    });
    expect(approved.body).toMatchObject({ admitted: 1, queued: 0 });
    expect(await admitted('manual')).toEqual([waiting.name]);
    expect((await changelog('manual')).map((entry) => entry.action)).toEqual(['approved']);
    const again = await callApi(t, 'POST', '/api/policies/manual/approve', owner.cookie, {
      serverName: waiting.name,
    });
    expect(again.status).toBe(404);
  });

  it('previews why each server is excluded', async () => {
    const low = await server();
    await createView({
      slug: 'strict',
      name: 'Strict',
      approval: 'automatic',
      rules: { minScore: 99, verifiedOnly: true, include: [low.name] },
    });
    const preview = await callApi<PolicyPreview>(t, 'GET', '/api/policies/strict/preview', owner.cookie);
    expect(preview.body.admitted).toBe(0);
    expect(preview.body.servers.find((entry) => entry.name === low.name)).toMatchObject({
      state: 'excluded',
      reasons: [expect.stringMatching(/^Score [\d.]+ is below 99$/), 'Not verified'],
    });
    const other = preview.body.servers.find((entry) => entry.name !== low.name);
    expect(other?.reasons).toContain('Not among the servers the view includes');
  });
});

describe('who may, and bad input', () => {
  it('only its owner reads, edits, previews or deletes a view; others are told there is none', async () => {
    await createView({ slug: 'private-queue', name: 'Private', approval: 'manual', rules: {} });
    const stranger = await signUpPerson(t);
    for (const [method, path, body] of [
      ['GET', '/api/policies/private-queue', undefined],
      ['GET', '/api/policies/private-queue/preview', undefined],
      ['PUT', '/api/policies/private-queue', { name: 'Mine now', approval: 'automatic', rules: {} }],
      ['POST', '/api/policies/private-queue/approve', { serverName: 'localhost/x' }],
      ['DELETE', '/api/policies/private-queue', undefined],
    ] as const) {
      expect((await callApi(t, method, path, stranger.cookie, body)).status, `${method} ${path}`).toBe(404);
      expect((await callApi(t, method, path, null, body)).status, `${method} ${path}`).toBe(401);
    }
    expect((await callApi(t, 'GET', '/api/policies/private-queue', owner.cookie)).status).toBe(200);
    const mine = await callApi<{ policies: Policy[] }>(t, 'GET', '/api/policies', stranger.cookie);
    expect(mine.body.policies).toEqual([]);
  });

  it('refuses a taken slug, bad rules and unknown fields clearly, and a deleted view stops answering', async () => {
    await createView({ slug: 'taken', name: 'Taken', approval: 'automatic', rules: {} });
    const again = await createView({ slug: 'taken', name: 'Again', approval: 'automatic', rules: {} });
    expect(again.status).toBe(409);
    for (const [body, field] of [
      [{ slug: 'Bad Slug!', name: 'x', approval: 'automatic', rules: {} }, 'slug'],
      [{ slug: 'ok-slug', name: 'x', approval: 'sometimes', rules: {} }, 'approval'],
      [{ slug: 'ok-slug', name: 'x', approval: 'automatic', rules: { minScore: 101 } }, 'rules'],
      [{ slug: 'ok-slug', name: 'x', approval: 'automatic', rules: { maxRiskSeverity: 'danger' } }, 'rules'],
      [{ slug: 'ok-slug', name: 'x', approval: 'automatic', rules: { include: ['not a name'] } }, 'rules'],
      [{ slug: 'ok-slug', name: 'x', approval: 'automatic', rules: { surprise: true } }, 'rules'],
    ] as const) {
      const refused = await createView(body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(refused.body.details ?? {}).join(' '), JSON.stringify(body)).toContain(field);
    }
    expect((await callApi(t, 'GET', '/api/policies/ok-slug', owner.cookie)).status).toBe(404);
    expect((await callApi(t, 'DELETE', '/api/policies/taken', owner.cookie)).status).toBe(204);
    expect((await t.request('/p/taken/v0.1/servers')).status).toBe(404);
    expect((await t.request('/p/taken/changelog')).status).toBe(404);
  });
});
