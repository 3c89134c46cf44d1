import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentRow, CategoryRow } from '../../src/server/db/schema.js';
import { OWNER_ONLY, type OwnerOnlyMarker } from '../../src/server/policies/index.js';
import { factories } from '../support/factories.js';
import { callApi, signUpPerson } from '../support/sessions.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * The role matrix of every owner-only operation, read from the OpenAPI document: an operation is
 * owner-only when its schema carries the policy's marker (`x-owner-only`), so marking a new route
 * puts it under this test. Signed out is 401; anyone else, and a missing agent, is 404, never 403;
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

type Person = Awaited<ReturnType<typeof signUpPerson>>;

/** What one operation is tried on: its own agent (and review), owned by `owner`. */
interface Scene {
  owner: Person;
  category: CategoryRow;
  agent: AgentRow;
  reviewId: number;
}

let t: TestApp;
let f: ReturnType<typeof factories>;
let document: Document;
let stranger: Person;
let admin: Person;

beforeAll(async () => {
  t = await createTestApp();
  f = factories(t.app);
  document = (await (await t.request('/api/openapi.json')).json()) as Document;
  stranger = await signUpPerson(t);
  admin = await signUpPerson(t, 'admin');
});
afterAll(() => t.close());

const operations = () =>
  Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      key: `${method.toUpperCase()} ${path}`,
      path,
      method,
      op,
    })),
  );
const ownerOnlyOperations = () => operations().filter(({ op }) => op[OWNER_ONLY] !== undefined);

/** A NUMBER no row has, for "not there". */
const MISSING_ID = 2_000_000_000;

/**
 * Operations that need more than the marker says. A marked operation with a request body, a path
 * parameter other than the agent's, or a listing in another state must be described here: the
 * test fails naming it otherwise.
 */
const needs: Record<
  string,
  {
    /** The listing's state before the calls (default: published). */
    prepare?: (scene: Scene) => Promise<void>;
    body?: (scene: Scene) => Promise<Record<string, unknown>> | Record<string, unknown>;
    params?: Record<string, (scene: Scene) => Promise<number>>;
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
    body: (scene) => ({
      name: `${scene.agent.name} renamed`,
      tagline: 'A better tagline for the same agent',
      description: 'The same agent, described better than it was before this edit.',
      category: scene.category.slug,
      websiteUrl: 'https://renamed.example',
      pricing: 'free',
      tags: ['renamed'],
    }),
  },
  'POST /api/reviews/{id}/reply': { body: () => ({ body: 'Thanks, the docs are coming.' }) },
  'POST /api/user/webhooks': {
    body: () => ({ url: 'https://hooks.example.com/in', events: ['review.created'] }),
  },
};

async function makeClaim(scene: Scene): Promise<number> {
  const made = await callApi<{ id: number }>(
    t,
    'POST',
    `/api/agents/${scene.agent.id}/claims`,
    scene.owner.cookie,
    {
      method: 'github',
      subject: `acme/tool-${scene.agent.id}`,
    },
  );
  expect(made.status).toBe(201);
  return made.body.id;
}

async function rejectAgent(scene: Scene): Promise<void> {
  await t.app.db.kysely
    .updateTable('agents')
    .set({ status: 'pending', published_at: null })
    .where('id', '=', scene.agent.id)
    .execute();
  const rejected = await callApi(t, 'POST', `/api/admin/agents/${scene.agent.id}/reject`, admin.cookie, {
    reason: 'The description does not say what the agent does.',
  });
  expect(rejected.status).toBe(200);
}

async function newScene(status: 'published' | 'pending' = 'published'): Promise<Scene> {
  const owner = await signUpPerson(t);
  const category = await f.createCategory();
  const agent = await f.createAgent({ owner_id: owner.user.id, category, status });
  const review = await f.createReview({ agent });
  return { owner, category, agent, reviewId: review.id };
}

/** The call of `key` on `scene` as built from the marker, with the subject's id replaced by `subjectId`. */
async function requestFor(
  entry: ReturnType<typeof operations>[number],
  scene: Scene,
  overrides: { subjectId?: number; params?: Record<string, number> } = {},
) {
  const marker = entry.op[OWNER_ONLY]!;
  const subjectId = overrides.subjectId ?? (marker.names === 'review' ? scene.reviewId : scene.agent.id);
  const need = needs[entry.key] ?? {};
  let url = entry.path;
  for (const parameter of entry.op.parameters ?? []) {
    if (parameter.in !== 'path') continue;
    if (marker.in === 'path' && parameter.name === marker.name)
      url = url.replace(`{${parameter.name}}`, String(subjectId));
    else {
      const value = overrides.params?.[parameter.name];
      if (value === undefined)
        throw new Error(`${entry.key}: say in \`needs\` how to make its {${parameter.name}}`);
      url = url.replace(`{${parameter.name}}`, String(value));
    }
  }
  if (marker.in === 'query') url += `?${marker.name}=${subjectId}`;
  let body: Record<string, unknown> | undefined;
  if (entry.op.requestBody !== undefined) {
    if (!need.body) throw new Error(`${entry.key}: give it a well-formed request body in \`needs\``);
    body = await need.body(scene);
  }
  if (marker.in === 'body') body = { ...body, [marker.name]: subjectId };
  return { method: entry.method.toUpperCase(), url, body };
}

const successOf = (op: Operation) => {
  const statuses = Object.keys(op.responses).filter((status) => /^2\d\d$/.test(status));
  expect(statuses).toHaveLength(1);
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
      ]),
    );
    for (const { key, op } of marked) {
      expect(Object.keys(op.responses), key).toEqual(expect.arrayContaining(['401', '404']));
      expect(Object.keys(op.responses), key).not.toContain('403');
    }
  });

  it('leaves no operation on one agent unclassified: owner-only (marked) or open to everyone', () => {
    // Operations naming an agent that anyone (signed in where they say so) may call on a published
    // listing; a new one must be marked owner-only or added here on purpose.
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
      'GET /api/favorites/check/{agentId}',
      'DELETE /api/favorites/agent/{agentId}',
      'POST /api/agents/impressions/click',
      'POST /api/favorites',
    ]);
    const namesAgent = ({ path, op }: ReturnType<typeof operations>[number]) =>
      !path.startsWith('/api/admin/') &&
      (/^\/api\/(user\/)?agents\/\{id\}/.test(path) ||
        (op.parameters ?? []).some((parameter) => parameter.name === 'agentId') ||
        JSON.stringify(op.requestBody ?? {}).includes('"agentId"'));
    const unclassified = operations()
      .filter((entry) => namesAgent(entry) && entry.op[OWNER_ONLY] === undefined && !open.has(entry.key))
      .map(({ key }) => key);
    expect(unclassified).toEqual([]);
  });

  it('answers 401 signed out, 404 to a stranger and for a missing agent, the success to the owner, and to an admin where allowed', async () => {
    const marked = ownerOnlyOperations();
    for (const entry of marked) {
      const marker = entry.op[OWNER_ONLY]!;
      const need = needs[entry.key] ?? {};
      const scene = await newScene();
      await need.prepare?.(scene);
      const params: Record<string, number> = {};
      for (const [name, make] of Object.entries(need.params ?? {})) params[name] = await make(scene);
      const call = async (cookie: string | null, subjectId?: number) => {
        const request = await requestFor(entry, scene, { subjectId, params });
        return (await callApi(t, request.method, request.url, cookie, request.body)).status;
      };
      const success = successOf(entry.op);

      expect(await call(null), `${entry.key} signed out`).toBe(401);
      expect(await call(stranger.cookie), `${entry.key} by a stranger`).toBe(404);
      expect(await call(scene.owner.cookie, MISSING_ID), `${entry.key} on a missing ${marker.names}`).toBe(
        404,
      );
      expect(await call(admin.cookie), `${entry.key} by an admin`).toBe(marker.admin ? success : 404);
      expect(await call(scene.owner.cookie), `${entry.key} by the owner`).toBe(success);
    }
  });

  it('hides a listing that must be published from its owner and admins too until it is', async () => {
    for (const entry of ownerOnlyOperations().filter(({ op }) => op[OWNER_ONLY]!.publishedOnly)) {
      const scene = await newScene('pending');
      const request = await requestFor(entry, scene, {});
      expect(
        (await callApi(t, request.method, request.url, scene.owner.cookie, request.body)).status,
        entry.key,
      ).toBe(404);
      expect(
        (await callApi(t, request.method, request.url, admin.cookie, request.body)).status,
        entry.key,
      ).toBe(404);
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
