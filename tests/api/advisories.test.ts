import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ErrorBody } from '../../src/shared/api/errors.js';
import type { AdvisoryList, OsvAdvisory } from '../../src/shared/api/advisories.js';
import type { NotificationListResponse } from '../../src/shared/api/notifications.js';
import type { StatementPayload } from '../../src/shared/api/statements.js';
import type { CreatedWebhook } from '../../src/shared/api/webhooks.js';
import type { AgentRow } from '../../src/server/db/schema.js';
import { factories } from '../support/factories.js';
import { callApi, signUpPerson } from '../support/sessions.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { startWebhookReceiver } from '../support/webhook-receiver.js';

/**
 * Advisories (DESIGN section 11) from outside: an admin publishes, updates and withdraws; OSV readers,
 * Atom readers, the owner, webhook receivers, the registry API and signed statements see it. The OSV
 * schema here is written from the OSV 1.6 specification (https://ossf.github.io/osv-schema/).
 */
const rfc3339 = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
const osvRecord = z.object({
  schema_version: z.string().regex(/^1\.\d+\.\d+$/),
  id: z.string().regex(/^AGENTATLAS-2\d{3}-\d{4,}$/),
  modified: rfc3339,
  published: rfc3339.optional(),
  withdrawn: rfc3339.optional(),
  summary: z.string().max(200).optional(),
  details: z.string().optional(),
  affected: z
    .array(
      z.object({
        package: z.object({ ecosystem: z.string(), name: z.string() }),
        versions: z.array(z.string()).optional(),
        database_specific: z.record(z.string(), z.unknown()).optional(),
      }),
    )
    .optional(),
  references: z
    .array(z.object({ type: z.enum(['ADVISORY', 'ARTICLE', 'WEB', 'REPORT', 'FIX']), url: z.url() }))
    .optional(),
  database_specific: z.record(z.string(), z.unknown()).optional(),
});

let t: TestApp;
let f: ReturnType<typeof factories>;
let admin: Awaited<ReturnType<typeof signUpPerson>>;
const closers: Array<() => Promise<void>> = [];

beforeAll(async () => {
  t = await createTestApp({ OUTBOUND_ALLOW_PRIVATE: 'true' });
  f = factories(t.app);
  admin = await signUpPerson(t, 'admin');
});
afterAll(async () => {
  for (const close of closers) await close();
  await t.close();
});

const body = (agents: AgentRow[], extra: Record<string, unknown> = {}) => ({
  summary: 'Tool description tells the model to read ~/.ssh and send it out',
  details: 'The search tool of version 1.2 carries hidden instructions.\n\nRemove the server until fixed.',
  severity: 'high',
  affected: agents.map((agent) => ({ slug: agent.slug })),
  ...extra,
});

const publish = (payload: unknown, cookie = admin.cookie) =>
  callApi<OsvAdvisory & ErrorBody>(t, 'POST', '/api/admin/advisories', cookie, payload);

async function evidenceAdvisories(agent: AgentRow): Promise<string[]> {
  const response = await t.request(
    `/v0.1/servers/${encodeURIComponent(`localhost/${agent.slug}`)}/versions/latest`,
  );
  const entry = (await response.json()) as { _meta: Record<string, { advisories: string[] }> };
  return entry._meta['io.agentatlas/evidence']!.advisories;
}

async function statementAdvisories(agent: AgentRow): Promise<string[]> {
  const jws = await (await t.request(`/api/agents/${agent.slug}/statement`)).text();
  return (decodeJwt(jws) as unknown as StatementPayload).advisories;
}

describe('publishing', () => {
  it('answers an OSV record, tells the owner, fires advisory.published, and the evidence carries it', async () => {
    const owner = await signUpPerson(t);
    const agent = await f.createAgent({ owner_id: owner.user.id, mcp_url: 'https://a.example/mcp' });
    const other = await f.createAgent({ mcp_url: 'https://b.example/mcp' });
    const receiver = await startWebhookReceiver();
    closers.push(receiver.close);
    const hook = await callApi<CreatedWebhook>(t, 'POST', '/api/user/webhooks', owner.cookie, {
      url: receiver.url,
      events: ['advisory.published'],
    });
    receiver.state.secret = hook.body.secret;
    expect(await evidenceAdvisories(agent)).toEqual([]);

    const { status, body: osv } = await publish(
      body([agent], { affected: [{ slug: agent.slug, versions: ['1.2.0'] }] }),
    );
    expect(status).toBe(201);
    osvRecord.parse(osv);
    expect(osv).toMatchObject({
      schema_version: '1.6.0',
      summary: 'Tool description tells the model to read ~/.ssh and send it out',
      affected: [{ package: { ecosystem: 'AgentAtlas', name: agent.slug }, versions: ['1.2.0'] }],
      references: [{ type: 'WEB', url: `http://localhost:3000/agents/${agent.slug}` }],
      database_specific: { severity: 'high' },
    });
    expect(osv.id).toMatch(new RegExp(`^AGENTATLAS-${new Date().getUTCFullYear()}-\\d{4}$`));
    expect(osv.withdrawn).toBeUndefined();

    expect((await callApi<OsvAdvisory>(t, 'GET', `/api/advisories/${osv.id}`, null)).body).toEqual(osv);
    const mine = await callApi<AdvisoryList>(t, 'GET', `/api/advisories?affects=${agent.slug}`, null);
    expect(mine.body.advisories.map((entry) => entry.id)).toEqual([osv.id]);
    const others = await callApi<AdvisoryList>(t, 'GET', `/api/advisories?affects=${other.slug}`, null);
    expect(others.body.advisories).toEqual([]);

    expect(await evidenceAdvisories(agent)).toEqual([osv.id]);
    expect(await evidenceAdvisories(other)).toEqual([]);
    expect(await statementAdvisories(agent)).toEqual([osv.id]);

    const notes = await callApi<NotificationListResponse>(t, 'GET', '/api/notifications', owner.cookie);
    expect(notes.body.notifications[0]).toMatchObject({ title: expect.stringContaining(osv.id) });
    await t.app.webhookDispatcher.runOnce();
    const [delivery] = await receiver.waitFor(1);
    expect(delivery!.verified).toBe(true);
    expect(JSON.parse(delivery!.body)).toMatchObject({
      type: 'advisory.published',
      data: { agent: { slug: agent.slug }, advisory: { id: osv.id } },
    });

    const atom = await t.request('/feeds/advisories.atom');
    expect(atom.headers.get('content-type')).toContain('application/atom+xml');
    expect(await atom.text()).toContain(osv.id);
  });

  it('numbers the year’s advisories in order', async () => {
    const agent = await f.createAgent();
    const first = (await publish(body([agent]))).body.id;
    const second = (await publish(body([agent]))).body.id;
    const number = (id: string) => Number(id.split('-')[2]);
    expect(number(second)).toBe(number(first) + 1);
  });

  it('is open while the agent serves a named tool set only', async () => {
    const agent = await f.createAgent({ mcp_url: 'https://c.example/mcp' });
    const served = 'a'.repeat(64);
    await t.app.db.kysely
      .insertInto('agent_endpoints')
      .values({
        agent_id: agent.id,
        kind: 'mcp',
        url: 'https://c.example/mcp',
        status: 'up',
        tools: '[]',
        tool_set_hash: served,
        next_probe_at: new Date().toISOString(),
        created_at: new Date().toISOString(),
        consecutive_failures: 0,
      })
      .execute();
    const other = (
      await publish(body([agent], { affected: [{ slug: agent.slug, toolSetHashes: ['b'.repeat(64)] }] }))
    ).body;
    expect(await evidenceAdvisories(agent)).toEqual([]);
    const named = (
      await publish(body([agent], { affected: [{ slug: agent.slug, toolSetHashes: [served] }] }))
    ).body;
    expect(await evidenceAdvisories(agent)).toEqual([named.id]);
    expect(other.affected[0]!.database_specific).toEqual({ toolSetHashes: ['b'.repeat(64)] });
  });
});

describe('updating and withdrawing', () => {
  it('an update moves modified; a withdrawn advisory is still served, marked, and no longer counts', async () => {
    const agent = await f.createAgent({ mcp_url: 'https://d.example/mcp' });
    const added = await f.createAgent({ mcp_url: 'https://e.example/mcp' });
    const osv = (await publish(body([agent]))).body;
    await new Promise((resolve) => setTimeout(resolve, 5));
    const updated = await callApi<OsvAdvisory>(t, 'PUT', `/api/admin/advisories/${osv.id}`, admin.cookie, {
      ...body([agent, added]),
      severity: 'critical',
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      id: osv.id,
      published: osv.published,
      database_specific: { severity: 'critical' },
    });
    expect(updated.body.modified > osv.modified).toBe(true);
    expect(await evidenceAdvisories(added)).toEqual([osv.id]);

    const withdrawn = await callApi<OsvAdvisory>(
      t,
      'POST',
      `/api/admin/advisories/${osv.id}/withdraw`,
      admin.cookie,
    );
    expect(withdrawn.status).toBe(200);
    osvRecord.parse(withdrawn.body);
    expect(withdrawn.body.withdrawn).toBe(withdrawn.body.modified);
    expect(await evidenceAdvisories(agent)).toEqual([]);
    expect(await statementAdvisories(agent)).toEqual([]);
    expect((await callApi<OsvAdvisory>(t, 'GET', `/api/advisories/${osv.id}`, null)).body.withdrawn).toBe(
      withdrawn.body.withdrawn,
    );
    // Withdrawing again changes nothing.
    const again = await callApi<OsvAdvisory>(
      t,
      'POST',
      `/api/admin/advisories/${osv.id}/withdraw`,
      admin.cookie,
    );
    expect(again.body.withdrawn).toBe(withdrawn.body.withdrawn);
    const atom = await (await t.request('/feeds/advisories.atom')).text();
    expect(atom).toContain(`Withdrawn: ${osv.id}`);
  });
});

describe('who may, and bad input', () => {
  it('is for admins; unknown agents, ids and fields get a clear 400 or 404 and nothing is written', async () => {
    const agent = await f.createAgent();
    const person = await signUpPerson(t);
    expect((await callApi(t, 'POST', '/api/admin/advisories', null, body([agent]))).status).toBe(401);
    expect((await publish(body([agent]), person.cookie)).status).toBe(403);
    const before = (await callApi<AdvisoryList>(t, 'GET', '/api/advisories', null)).body.advisories.length;

    const unknown = await publish({ ...body([agent]), affected: [{ slug: 'no-such-agent' }] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.details?.affected?.[0]).toContain('no-such-agent');
    for (const [payload, field] of [
      [{ ...body([agent]), severity: 'severe' }, 'severity'],
      [{ ...body([agent]), affected: [] }, 'affected'],
      [{ ...body([agent]), summary: ' ' }, 'summary'],
      [{ ...body([agent]), affected: [{ slug: agent.slug, toolSetHashes: ['xyz'] }] }, 'affected'],
    ] as const) {
      const refused = await publish(payload);
      expect(refused.status, field).toBe(400);
      expect(Object.keys(refused.body.details ?? {}).join(' '), field).toContain(field);
    }
    expect((await callApi<AdvisoryList>(t, 'GET', '/api/advisories', null)).body.advisories).toHaveLength(
      before,
    );

    for (const id of ['AGENTATLAS-2026-9999', 'not-an-id']) {
      expect((await callApi(t, 'GET', `/api/advisories/${id}`, null)).status, id).toBe(404);
      expect(
        (await callApi(t, 'POST', `/api/admin/advisories/${id}/withdraw`, admin.cookie)).status,
        id,
      ).toBe(404);
      expect(
        (await callApi(t, 'PUT', `/api/admin/advisories/${id}`, admin.cookie, body([agent]))).status,
        id,
      ).toBe(404);
    }
  });
});
