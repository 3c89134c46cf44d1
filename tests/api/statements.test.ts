import { gunzipSync } from 'node:zlib';
import { createLocalJWKSet, decodeProtectedHeader, errors, jwtVerify, type JSONWebKeySet } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../src/shared/api/errors.js';
import type { StatementPayload, StatusListCredential } from '../../src/shared/api/statements.js';
import { rotateSigningKey } from '../../src/server/features/signing-keys/signing-keys.service.js';
import { factories } from '../support/factories.js';
import { callApi, signUpPerson } from '../support/sessions.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * Signed statements (DESIGN section 11), checked as a relying party checks them: offline, with only
 * the JWKS fetched once (jose), and revocation read from the W3C Bitstring Status List it names.
 */
let t: TestApp;
let f: ReturnType<typeof factories>;
let admin: Awaited<ReturnType<typeof signUpPerson>>;

beforeAll(async () => {
  t = await createTestApp();
  f = factories(t.app);
  admin = await signUpPerson(t, 'admin');
});
afterAll(() => t.close());

async function statementOf(idOrSlug: string | number) {
  const response = await t.request(`/api/agents/${idOrSlug}/statement`);
  return { status: response.status, type: response.headers.get('content-type'), jws: await response.text() };
}

async function jwks(): Promise<JSONWebKeySet> {
  return (await (await t.request('/.well-known/jwks.json')).json()) as JSONWebKeySet;
}

/** Verifies as a relying party does offline: the key set, the issuer and the time. */
async function verify(jws: string, keys: JSONWebKeySet, currentDate?: Date) {
  const { payload } = await jwtVerify(jws, createLocalJWKSet(keys), {
    issuer: 'http://localhost:3000',
    ...(currentDate ? { currentDate } : {}),
  });
  return payload as unknown as StatementPayload;
}

/** Whether the statement's bit is set in the status list it names: read from the list itself. */
async function isRevoked(payload: StatementPayload): Promise<boolean> {
  const url = new URL(payload.status.statusListCredential);
  const response = await t.request(url.pathname);
  expect(response.status).toBe(200);
  const credential = (await response.json()) as StatusListCredential;
  expect(credential.type).toContain('BitstringStatusListCredential');
  expect(credential.credentialSubject.statusPurpose).toBe('revocation');
  const encoded = credential.credentialSubject.encodedList;
  expect(encoded.startsWith('u')).toBe(true);
  const bits = gunzipSync(Buffer.from(encoded.slice(1), 'base64url'));
  expect(bits.length).toBeGreaterThanOrEqual(16 * 1024);
  const index = Number(payload.status.statusListIndex);
  return ((bits[index >> 3]! >> (7 - (index & 7))) & 1) === 1;
}

describe('a statement', () => {
  it('is a JWT anyone verifies offline with the JWKS, vouching for the agent page’s evidence for a day at most', async () => {
    const agent = await f.createAgent({ verified: 1 });
    const { status, type, jws } = await statementOf(agent.slug);
    expect(status).toBe(200);
    expect(type).toBe('application/jwt');
    const keys = await jwks();
    expect(keys.keys.map((key) => key.kid)).toContain(decodeProtectedHeader(jws).kid);
    const payload = await verify(jws, keys);
    expect(payload).toMatchObject({
      iss: 'http://localhost:3000',
      sub: `http://localhost:3000/agents/${agent.slug}`,
      verified: true,
      claims: [],
      protocols: [],
      toolSetHash: null,
      advisories: [],
    });
    expect(payload.score).toBeCloseTo(agent.reputation_score, 1);
    expect(payload.exp - payload.iat).toBeLessThanOrEqual(24 * 3600);
    expect(payload.exp).toBeGreaterThan(Date.now() / 1000);
    expect(await isRevoked(payload)).toBe(false);
    // By id, the same agent and the same statement within the hour.
    expect((await statementOf(agent.id)).jws).toBe(jws);
  });

  it('is refused once expired, and when the signature or payload is altered', async () => {
    const agent = await f.createAgent();
    const { jws } = await statementOf(agent.slug);
    const keys = await jwks();
    const payload = await verify(jws, keys);
    await expect(verify(jws, keys, new Date((payload.exp + 1) * 1000))).rejects.toBeInstanceOf(
      errors.JWTExpired,
    );
    const [header, body, signature] = jws.split('.') as [string, string, string];
    const forged = Buffer.from(JSON.stringify({ ...payload, verified: true, score: 100 })).toString(
      'base64url',
    );
    await expect(verify(`${header}.${forged}.${signature}`, keys)).rejects.toBeInstanceOf(
      errors.JWSSignatureVerificationFailed,
    );
    expect(body).not.toBe(forged);
  });

  it('signed anew when the evidence changes, revoking the one that no longer holds', async () => {
    const agent = await f.createAgent({ verified: 0 });
    const first = await verify((await statementOf(agent.slug)).jws, await jwks());
    expect(first.verified).toBe(false);
    await t.app.db.kysely.updateTable('agents').set({ verified: 1 }).where('id', '=', agent.id).execute();
    const second = await verify((await statementOf(agent.slug)).jws, await jwks());
    expect(second.verified).toBe(true);
    expect(second.status.statusListIndex).not.toBe(first.status.statusListIndex);
    expect(await isRevoked(first)).toBe(true);
    expect(await isRevoked(second)).toBe(false);
  });

  it('an admin revokes an agent’s live statements; the next one asked for is new and holds', async () => {
    const agent = await f.createAgent();
    const payload = await verify((await statementOf(agent.slug)).jws, await jwks());
    const stranger = await signUpPerson(t);
    const path = `/api/admin/agents/${agent.id}/statements/revoke`;
    expect((await callApi(t, 'POST', path, null, { reason: 'x' })).status).toBe(401);
    expect((await callApi(t, 'POST', path, stranger.cookie, { reason: 'x' })).status).toBe(403);
    const missing = await callApi<ErrorBody>(t, 'POST', path, admin.cookie, { reason: ' ' });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.details ?? {})).toContain('reason');
    expect(await isRevoked(payload)).toBe(false);

    const revoked = await callApi(t, 'POST', path, admin.cookie, { reason: 'The owner lost the domain' });
    expect(revoked).toMatchObject({ status: 200, body: { revoked: 1 } });
    expect(await isRevoked(payload)).toBe(true);
    const next = await verify((await statementOf(agent.slug)).jws, await jwks());
    expect(next.status.statusListIndex).not.toBe(payload.status.statusListIndex);
    expect(await isRevoked(next)).toBe(false);
    expect(
      (await callApi(t, 'POST', '/api/admin/agents/999999/statements/revoke', admin.cookie, { reason: 'x' }))
        .status,
    ).toBe(404);
  });

  it('signed before a key rotation still verifies with the JWKS; new ones name the new key', async () => {
    const agent = await f.createAgent();
    const before = (await statementOf(agent.slug)).jws;
    await rotateSigningKey(t.app.services.signingKeys);
    await t.app.db.kysely.updateTable('agents').set({ verified: 1 }).where('id', '=', agent.id).execute();
    const after = (await statementOf(agent.slug)).jws;
    expect(decodeProtectedHeader(after).kid).not.toBe(decodeProtectedHeader(before).kid);
    const keys = await jwks();
    await verify(before, keys);
    await verify(after, keys);
  });

  it('is 404 for an agent that is not published or not there, and status lists past the last are 404', async () => {
    const pending = await f.createAgent({ status: 'pending' });
    for (const ref of [pending.slug, String(pending.id), 'no-such-agent', '99999999'])
      expect((await statementOf(ref)).status, ref).toBe(404);
    expect((await t.request('/api/status-lists/5')).status).toBe(404);
    expect((await t.request('/api/status-lists/-1')).status).toBe(400);
  });
});
