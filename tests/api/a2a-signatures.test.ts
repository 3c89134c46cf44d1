import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Claim } from '../../src/shared/api/claims.js';
import type { AgentHealth, EndpointHealth } from '../../src/shared/api/probes.js';
import { startFakeA2a, validAgentCard } from '../support/fake-a2a.js';
import { startFakeDns } from '../support/fake-dns.js';
import { factories } from '../support/factories.js';
import { callApi, signUpPerson } from '../support/sessions.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * An A2A card's signature counts only with a key bound to the card: served by the card's origin, or
 * by the domain of an active ownership claim of the listing; never a key the card names itself, and
 * never while the card's interfaces are on another origin (a card copied to another host).
 */

let t: TestApp;
let f: ReturnType<typeof factories>;
let dns: Awaited<ReturnType<typeof startFakeDns>>;
let a2a: Awaited<ReturnType<typeof startFakeA2a>>;

beforeAll(async () => {
  // Host names the fake A2A server answers for, whatever the Host: a card's origin, a claimed parent
  // domain, a host a card was copied to.
  const local = ['127.0.0.1'];
  dns = await startFakeDns({
    a: { 'agent.claimed.test': local, 'claimed.test': local, 'copy.test': local },
    txt: {},
  });
  a2a = await startFakeA2a();
  t = await createTestApp({ DNS_SERVERS: dns.server, OUTBOUND_ALLOW_PRIVATE: 'true' });
  f = factories(t.app);
});
afterAll(async () => {
  await t.close();
  await Promise.all([dns.close(), a2a.close()]);
});

async function ownedAgent(agentCardUrl: string) {
  const owner = await signUpPerson(t);
  const agent = await f.createAgent({ owner_id: owner.user.id, agent_card_url: agentCardUrl });
  return { owner, agent };
}

async function probeNow(agentId: number, cookie: string): Promise<EndpointHealth> {
  const { status, body } = await callApi<AgentHealth>(t, 'POST', `/api/agents/${agentId}/probe`, cookie);
  expect(status).toBe(200);
  return body.endpoints[0]!;
}

async function health(slug: string): Promise<EndpointHealth> {
  const { status, body } = await callApi<AgentHealth>(t, 'GET', `/api/agents/${slug}/health`, null);
  expect(status).toBe(200);
  return body.endpoints[0]!;
}

describe('A2A card signatures', () => {
  it('count with a key from the card origin’s /.well-known/jwks.json, and the health says so', async () => {
    const { owner, agent } = await ownedAgent(a2a.url('/signed-by-kid.json'));
    await probeNow(agent.id, owner.cookie);
    const endpoint = await health(agent.slug);
    expect(endpoint).toMatchObject({
      status: 'up',
      detail: null,
      signature: { verified: true, keySource: 'origin' },
    });
    expect(endpoint.signature!.detail).toBe(
      `Verified with a key from ${a2a.origin}/.well-known/jwks.json, served by the card's origin.`,
    );
  });

  it('do not count with a key the card names itself (jwk, or jku on another host), saying why', async () => {
    const carried = await ownedAgent(a2a.url('/self-jwk.json'));
    const own = await probeNow(carried.agent.id, carried.owner.cookie);
    // The card itself is fine: it was signed, just not by a key anyone vouches for.
    expect(own).toMatchObject({ status: 'up', signature: { verified: false, keySource: null } });
    expect(own.signature!.detail).toMatch(
      /^Not counted: the card is signed with a key it carries itself \(jwk\)/,
    );
    expect(own.signature!.detail).toContain(`${a2a.origin}/.well-known/jwks.json`);

    // Changed after signing, the key it carries refuses it: not conformant, as with the origin's key.
    const changed = await ownedAgent(a2a.url('/self-jwk-changed.json'));
    expect(await probeNow(changed.agent.id, changed.owner.cookie)).toMatchObject({
      status: 'non_conformant',
      signature: { verified: false },
    });

    const named = await ownedAgent(a2a.url('/foreign-jku.json'));
    const elsewhere = await probeNow(named.agent.id, named.owner.cookie);
    expect(elsewhere).toMatchObject({ status: 'up', signature: { verified: false, keySource: null } });
    expect(elsewhere.signature!.detail).toMatch(
      /^Not counted: the card is signed with a key set on another origin \(jku http:\/\/keys\.elsewhere\.test\)/,
    );
  });

  it('do not count on a card copied to another host, whose interfaces are flagged', async () => {
    // The origin's own signed card, served as is by copy.test: the signature names 127.0.0.1's keys.
    const { owner, agent } = await ownedAgent(`http://copy.test:${a2a.port}/signed.json`);
    const endpoint = await probeNow(agent.id, owner.cookie);
    expect(endpoint).toMatchObject({ status: 'up', signature: { verified: false, keySource: null } });
    expect(endpoint.detail).toBe(
      `The card names interfaces on another origin (${a2a.origin}) than the one it is served from`,
    );
    expect(endpoint.signature!.detail).toContain(`interfaces on another origin (${a2a.origin})`);
  });

  it('count with a key of the domain of an active ownership claim, only while the claim is active', async () => {
    const cardOrigin = `http://agent.claimed.test:${a2a.port}`;
    a2a.cards.set('/claimed.json', await a2a.sign(validAgentCard(cardOrigin), { key: 'claim', jku: null }));
    a2a.keysByHost.set('claimed.test', ['claim']);
    const { owner, agent } = await ownedAgent(`${cardOrigin}/claimed.json`);

    const before = await probeNow(agent.id, owner.cookie);
    expect(before.signature).toMatchObject({ verified: false, keySource: null });
    expect(before.signature!.detail).toBe(
      `Not counted: no key of ${cardOrigin}/.well-known/jwks.json verifies it (${cardOrigin}/.well-known/jwks.json answered HTTP 404).`,
    );

    const made = (
      await callApi<Claim>(t, 'POST', `/api/agents/${agent.id}/claims`, owner.cookie, {
        method: 'dns',
        subject: 'claimed.test',
      })
    ).body;
    dns.records.txt!['claimed.test'] = [`agentatlas-verification=${made.token}`];
    const checked = await callApi<Claim>(
      t,
      'POST',
      `/api/agents/${agent.id}/claims/${made.id}/check`,
      owner.cookie,
    );
    expect(checked.body.status).toBe('active');

    const after = await probeNow(agent.id, owner.cookie);
    expect(after).toMatchObject({ status: 'up', signature: { verified: true, keySource: 'claim' } });
    expect(after.signature!.detail).toBe(
      `Verified with a key from http://claimed.test:${a2a.port}/.well-known/jwks.json, the domain of an active ownership claim of the listing.`,
    );
  });

  it('probed before keys had to be bound (only `signed` stored), shows as not counting', async () => {
    const { owner, agent } = await ownedAgent(a2a.url('/self-jwk.json'));
    await probeNow(agent.id, owner.cookie);
    await t.app.db.kysely
      .updateTable('agent_endpoints')
      .set({ signed: 1, signature: null })
      .where('agent_id', '=', agent.id)
      .execute();
    expect((await health(agent.slug)).signature).toMatchObject({ verified: false, keySource: null });
    expect((await health(agent.slug)).signature!.detail).toMatch(/the key the card named itself/);
  });
});
