import { uploadPng } from '../support/uploads.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentRow, CategoryRow } from '../../src/server/db/schema.js';
import { OWNER_ONLY, type OwnerOnlyMarker } from '../../src/server/policies/index.js';
import { factories } from '../support/factories.js';
import { callApi, signUpPerson } from '../support/sessions.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * The role matrix of every owner-only operation, read from the OpenAPI document: an operation is
 * owner-only when its schema carries the policy's marker (`x-owner-only`), so marking a new route
 * puts it under this test. Signed out is 401; anyone else, and a missing subject, is 404, never 403;
 * the owner gets the route's success; an admin gets it where the policy lets admins, 404 elsewhere.
 */

interface Operation {
  parameters?: Array<{ name: string; in: string; required?: boolean }>;
  requestBody?: unknown;
  responses: Record<string, unknown>;
  [OWNER_ONLY]?: OwnerOnlyMarker;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
}
type Entry = { key: string; path: string; method: string; op: Operation };

type Person = Awaited<ReturnType<typeof signUpPerson>>;

/** What one call is tried on: an agent with a review by someone else, owned by `owner`. */
interface Scene {
  owner: Person;
  category: CategoryRow;
  agent: AgentRow;
  reviewId: number;
}

/** A scene with the operation's subject (what the marker's parameter names) and other path parameters. */
interface Built {
  scene: Scene;
  subjectId: number;
  params: Record<string, number>;
}

let t: TestApp;
let f: ReturnType<typeof factories>;
let document: Document;
let stranger: Person;
let admin: Person;

/** Webhook deliveries go here: a closed port, so a delivery fails at once without the network. */
const HOOK_URL = 'http://127.0.0.1:9/hook';

beforeAll(async () => {
  t = await createTestApp({ OUTBOUND_ALLOW_PRIVATE: 'true' });
  f = factories(t.app);
  document = (await (await t.request('/api/openapi.json')).json()) as Document;
  stranger = await signUpPerson(t);
  admin = await signUpPerson(t, 'admin');
});
afterAll(() => t.close());

const operations = (): Entry[] =>
  Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      key: `${method.toUpperCase()} ${path}`,
      path,
      method,
      op,
    })),
  );
const ownerOnlyOperations = () => operations().filter(({ op }) => op[OWNER_ONLY] !== undefined);

/** An id no row has, for "not there". */
const MISSING_ID = 2_000_000_000;

const ok = <T>(answer: { status: number; body: T }, status: number) => {
  expect(answer.status).toBe(status);
  return answer.body;
};
const post = <T>(path: string, cookie: string, json: unknown = undefined) =>
  callApi<T>(t, 'POST', path, cookie, json);

const draftFields = (scene: Scene) => ({
  name: `Drafted ${scene.agent.id}`,
  tagline: 'A tagline long enough for a listing',
  description: 'An agent described well enough to be submitted for review by its owner.',
  category: scene.category.slug,
  websiteUrl: `https://drafted-${scene.agent.id}.example`,
  pricing: 'free',
  tags: ['drafted'],
});

/**
 * The subject each action is tried on, made for the scene's owner. An agent action's subject is
 * the scene's agent; a new action without one here fails the test, naming it.
 */
const subjects: Record<string, (scene: Scene) => Promise<number>> = {
  reply: async (scene) => scene.reviewId,
  draft: async (scene) =>
    ok(await post<{ id: number }>('/api/drafts', scene.owner.cookie, draftFields(scene)), 201).id,
  webhook: async (scene) =>
    ok(
      await post<{ id: number }>('/api/user/webhooks', scene.owner.cookie, {
        url: HOOK_URL,
        events: ['review.created'],
      }),
      201,
    ).id,
  upload: async (scene) => (await uploadPng(t, scene.owner.cookie)).id,
  favorite: async (scene) =>
    ok(await post<{ id: number }>('/api/favorites', scene.owner.cookie, { agentId: scene.agent.id }), 201).id,
  notification: async (scene) =>
    (
      await t.app.db.kysely
        .insertInto('notifications')
        .values({
          user_id: scene.owner.user.id,
          type: 'system',
          title: 'Hello',
          message: 'A message for the owner',
          link: null,
          read: 0,
          created_at: new Date().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  'edit-review': ownReview,
  'delete-review': ownReview,
  // A view with a digits-only slug (slugs allow it), holding the scene's agent in its queue.
  'policy-view': async (scene) => {
    await t.app.db.kysely
      .updateTable('agents')
      .set({ mcp_url: `https://view-${scene.agent.id}.example/mcp` })
      .where('id', '=', scene.agent.id)
      .execute();
    const slug = 100_000 + scene.agent.id;
    ok(
      await post('/api/policies', scene.owner.cookie, {
        slug: String(slug),
        name: 'A view',
        approval: 'manual',
        rules: { include: [`localhost/${scene.agent.slug}`] },
      }),
      201,
    );
    return slug;
  },
};

async function ownReview(scene: Scene): Promise<number> {
  const author = await t.app.db.kysely
    .selectFrom('users')
    .selectAll()
    .where('id', '=', scene.owner.user.id)
    .executeTakeFirstOrThrow();
  return (await f.createReview({ agent: await f.createAgent(), user: author })).id;
}

/**
 * Operations that need more than the marker says: a request body, a path parameter besides the
 * subject, a listing in another state. A marked operation with a body or another parameter must
 * be described here: the test fails naming it otherwise.
 */
const needs: Record<
  string,
  {
    /** The listing's state before the calls (default: published). */
    prepare?: (scene: Scene) => Promise<void>;
    body?: (scene: Scene) => Promise<Record<string, unknown>> | Record<string, unknown>;
    params?: Record<string, (scene: Scene, subjectId: number) => Promise<number>>;
  }
> = {
  'POST /api/agents/{id}/claims': { body: () => ({ method: 'github', subject: 'acme/tool' }) },
  'POST /api/agents/{id}/claims/{claimId}/check': { params: { claimId: makeClaim } },
  'DELETE /api/agents/{id}/claims/{claimId}': { params: { claimId: makeClaim } },
  'POST /api/agents/{id}/appeals': {
    prepare: rejectAgent,
    body: async (scene) => ({
      eventId: (
        await t.app.db.kysely
          .selectFrom('agent_events')
          .select('id')
          .where('agent_id', '=', scene.agent.id)
          .where('kind', '=', 'rejected')
          .executeTakeFirstOrThrow()
      ).id,
      message: 'It does say what it does: it summarises meeting notes.',
    }),
  },
  'PUT /api/user/agents/{id}': {
    body: (scene) => ({ ...draftFields(scene), name: `${scene.agent.name} renamed` }),
  },
  'POST /api/reviews/{id}/reply': { body: () => ({ body: 'Thanks, the docs are coming.' }) },
  'POST /api/user/webhooks': { body: () => ({ url: HOOK_URL, events: ['review.created'] }) },
  'PUT /api/drafts/{id}': { body: () => ({ tagline: 'A changed tagline for the draft' }) },
  'PUT /api/reviews/{id}': { body: () => ({ rating: 2 }) },
  'PUT /api/policies/{slug}': { body: () => ({ name: 'Renamed', approval: 'automatic', rules: {} }) },
  'POST /api/policies/{slug}/approve': {
    body: (scene) => ({ serverName: `localhost/${scene.agent.slug}` }),
  },
  'PUT /api/favorites/{id}': { body: () => ({ tags: ['kept'], notes: 'For later' }) },
  'POST /api/user/webhooks/{id}/deliveries/{deliveryId}/resend': {
    params: {
      deliveryId: async (scene, webhookId) =>
        ok(await post<{ id: number }>(`/api/user/webhooks/${webhookId}/test`, scene.owner.cookie), 202).id,
    },
  },
};

async function makeClaim(scene: Scene): Promise<number> {
  const made = await post<{ id: number }>(`/api/agents/${scene.agent.id}/claims`, scene.owner.cookie, {
    method: 'github',
    subject: `acme/tool-${scene.agent.id}`,
  });
  return ok(made, 201).id;
}

async function rejectAgent(scene: Scene): Promise<void> {
  await t.app.db.kysely
    .updateTable('agents')
    .set({ status: 'pending', published_at: null })
    .where('id', '=', scene.agent.id)
    .execute();
  const rejected = await post(`/api/admin/agents/${scene.agent.id}/reject`, admin.cookie, {
    reason: 'The description does not say what the agent does.',
  });
  ok(rejected, 200);
}

async function newScene(status: 'published' | 'pending' = 'published'): Promise<Scene> {
  const owner = await signUpPerson(t);
  const category = await f.createCategory();
  const agent = await f.createAgent({ owner_id: owner.user.id, category, status });
  const review = await f.createReview({ agent });
  return { owner, category, agent, reviewId: review.id };
}

/** A fresh scene for `entry`, prepared, with its subject and other path parameters made. */
async function build(entry: Entry, status: 'published' | 'pending' = 'published'): Promise<Built> {
  const marker = entry.op[OWNER_ONLY]!;
  const need = needs[entry.key] ?? {};
  const scene = await newScene(status);
  await need.prepare?.(scene);
  let subjectId = scene.agent.id;
  if (marker.names !== 'agent' || subjects[marker.action]) {
    const make = subjects[marker.action];
    if (!make)
      throw new Error(
        `${entry.key}: say in \`subjects\` how to make the ${marker.names} of ${marker.action}`,
      );
    subjectId = await make(scene);
  }
  const params: Record<string, number> = {};
  for (const [name, make] of Object.entries(need.params ?? {})) params[name] = await make(scene, subjectId);
  return { scene, subjectId, params };
}

/** The call of `entry` as the marker describes it, on `built` (its subject replaced by `subjectId`). */
async function call(entry: Entry, built: Built, cookie: string | null, subjectId = built.subjectId) {
  const marker = entry.op[OWNER_ONLY]!;
  const need = needs[entry.key] ?? {};
  let url = entry.path;
  for (const parameter of entry.op.parameters ?? []) {
    if (parameter.in !== 'path') continue;
    const value =
      marker.in === 'path' && parameter.name === marker.name ? subjectId : built.params[parameter.name];
    if (value === undefined)
      throw new Error(`${entry.key}: say in \`needs\` how to make its {${parameter.name}}`);
    url = url.replace(`{${parameter.name}}`, String(value));
  }
  if (marker.in === 'query') url += `?${marker.name}=${subjectId}`;
  let body: Record<string, unknown> | undefined;
  if (entry.op.requestBody !== undefined) {
    if (!need.body) throw new Error(`${entry.key}: give it a well-formed request body in \`needs\``);
    body = await need.body(built.scene);
  }
  if (marker.in === 'body') body = { ...body, [marker.name]: subjectId };
  return (await callApi(t, entry.method.toUpperCase(), url, cookie, body)).status;
}

const successOf = (entry: Entry) => {
  const statuses = Object.keys(entry.op.responses).filter((status) => /^2\d\d$/.test(status));
  expect(statuses, entry.key).toHaveLength(1);
  return Number(statuses[0]);
};

describe('owner-only operations, enumerated from the OpenAPI document', () => {
  it('finds the marked operations, each documenting 401 and 404 and never 403', () => {
    const marked = ownerOnlyOperations();
    // The marker reaches the document (a regression there would leave the matrix below empty).
    expect(marked.map(({ key }) => key)).toEqual(
      expect.arrayContaining([
        'POST /api/agents/{id}/probe',
        'POST /api/agents/{id}/claims',
        'GET /api/metrics',
        'GET /api/history',
        'PUT /api/user/agents/{id}',
        'POST /api/user/webhooks',
        'POST /api/reviews/{id}/reply',
        'GET /api/drafts/{id}',
        'DELETE /api/uploads/{id}',
      ]),
    );
    for (const { key, op } of marked) {
      expect(Object.keys(op.responses), key).toEqual(expect.arrayContaining(['401', '404']));
      expect(Object.keys(op.responses), key).not.toContain('403');
    }
  });

  it('leaves no operation on an agent or on someone’s row unclassified: owner-only (marked) or open', () => {
    // Operations naming an agent or a row by id that anyone (signed in where they say so) may call
    // on a published listing. A new one must be marked owner-only or added here on purpose.
    const open = new Set([
      'GET /api/agents/{id}',
      'POST /api/agents/{id}/views',
      'GET /api/agents/{id}/reviews',
      'POST /api/agents/{id}/reviews',
      'POST /api/agents/{id}/clicks',
      'POST /api/agents/{id}/report',
      'GET /api/agents/{id}/claims',
      'GET /api/agents/{id}/record',
      'GET /api/agents/{id}/health',
      'POST /api/reviews/{id}/helpful',
      'POST /api/reviews/{id}/report',
      'GET /api/favorites/check/{agentId}',
      'DELETE /api/favorites/agent/{agentId}',
      'POST /api/favorites',
      'POST /api/agents/impressions/click',
      // The person's own GitHub installation, checked against GitHub with their token.
      'GET /api/github/installations/{id}/repositories',
      'GET /api/github/repos/{owner}/{repo}',
      'GET /feeds/agents/{slug}/reviews.atom',
      'GET /feeds/categories/{slug}.atom',
      // A gateway's pin: a hash, answered with the published listings it was seen on only.
      'GET /api/tool-hashes/{hash}',
      // What AgentAtlas vouches for about a published listing, and the revocation bits: public by design.
      'GET /api/agents/{id}/statement',
      'GET /api/status-lists/{list}',
      // Advisories are published records; only admins write them (/api/admin/).
      'GET /api/advisories/{id}',
    ]);
    const namesSomething = ({ path, op }: Entry) =>
      path.startsWith('/api/') &&
      !path.startsWith('/api/admin/') &&
      (/\{[^}]+\}/.test(path) ||
        (op.parameters ?? []).some((parameter) => parameter.name === 'agentId') ||
        JSON.stringify(op.requestBody ?? {}).includes('"agentId"'));
    const unclassified = operations()
      .filter((entry) => namesSomething(entry) && entry.op[OWNER_ONLY] === undefined && !open.has(entry.key))
      .map(({ key }) => key);
    expect(unclassified).toEqual([]);
  });

  it('answers 401 signed out, 404 to a stranger and for a missing subject, the success to the owner, and to an admin where allowed', async () => {
    for (const entry of ownerOnlyOperations()) {
      const marker = entry.op[OWNER_ONLY]!;
      const success = successOf(entry);
      const built = await build(entry);
      expect(await call(entry, built, null), `${entry.key} signed out`).toBe(401);
      expect(await call(entry, built, stranger.cookie), `${entry.key} by a stranger`).toBe(404);
      expect(
        await call(entry, built, built.scene.owner.cookie, MISSING_ID),
        `${entry.key} on a missing ${marker.names}`,
      ).toBe(404);
      // An admin's success may change or remove the subject: it gets one of its own.
      if (marker.admin)
        expect(await call(entry, await build(entry), admin.cookie), `${entry.key} by an admin`).toBe(success);
      else expect(await call(entry, built, admin.cookie), `${entry.key} by an admin`).toBe(404);
      expect(await call(entry, built, built.scene.owner.cookie), `${entry.key} by the owner`).toBe(success);
    }
  });

  it('hides a listing that must be published from its owner and admins too until it is', async () => {
    const publishedOnly = ownerOnlyOperations().filter(({ op }) => op[OWNER_ONLY]!.publishedOnly);
    expect(publishedOnly.map(({ key }) => key)).toContain('POST /api/agents/{id}/probe');
    for (const entry of publishedOnly) {
      const built = await build(entry, 'pending');
      expect(await call(entry, built, built.scene.owner.cookie), entry.key).toBe(404);
      expect(await call(entry, built, admin.cookie), entry.key).toBe(404);
    }
  });
});

describe('the public record and claims of a listing not yet published', () => {
  it('are its owner’s and the admins’; anyone else is answered 404', async () => {
    const scene = await newScene('pending');
    for (const path of [`/api/agents/${scene.agent.id}/claims`, `/api/agents/${scene.agent.slug}/record`]) {
      expect((await callApi(t, 'GET', path, null)).status, path).toBe(404);
      expect((await callApi(t, 'GET', path, stranger.cookie)).status, path).toBe(404);
      expect((await callApi(t, 'GET', path, scene.owner.cookie)).status, path).toBe(200);
      expect((await callApi(t, 'GET', path, admin.cookie)).status, path).toBe(200);
    }
    await t.app.db.kysely
      .updateTable('agents')
      .set({ status: 'published' })
      .where('id', '=', scene.agent.id)
      .execute();
    expect((await callApi(t, 'GET', `/api/agents/${scene.agent.slug}/claims`, null)).status).toBe(200);
  });
});
