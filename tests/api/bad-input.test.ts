import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeGithub, type FakeGithub } from '../support/fake-github.js';
import { factories } from '../support/factories.js';
import { callApi, cookieFrom, signUpPerson, TEST_PASSWORD } from '../support/sessions.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * Bad input from outside, generated from the API's own OpenAPI document: for every operation,
 * malformed bodies, queries and path parameters, signed out, as a user and (on admin paths) as an
 * admin. Whatever arrives, the answer is never a 5xx, and every 4xx is `{message, details?}` with
 * details naming fields. Uploads (multipart) and the websocket have tests of their own.
 */

/** Enough to reach past validation into every handler, few enough to keep the file under a minute. */
const MAX_CASES_PER_OPERATION = 36;
// The badge answers an image, a grey "not found" one too, so that a README never shows a broken
// picture (tests/api/claims.test.ts checks it). The MCP server answers JSON-RPC error objects, as
// MCP says (tests/api/mcp-server.test.ts drives it with bad arguments and bad bodies).
const SKIPPED = new Set(['POST /api/uploads', 'GET /badge/{file}', 'POST /mcp']);
const UNKNOWN_FIELD = 'unknownField';

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  minLength?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  format?: string;
  additionalProperties?: boolean | JsonSchema;
}

interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  schema?: JsonSchema;
}

interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  body: JsonSchema | undefined;
}

interface Case {
  label: string;
  url: string;
  /** Raw text sent as application/json; undefined sends no body. */
  body?: string;
  /** The body carries a field no request schema has: a 400 must name it. */
  unknownField?: boolean;
}

const deepArray = `${'['.repeat(5000)}${']'.repeat(5000)}`;
const deepObject = `${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}`;
const hugeString = 'x'.repeat(100_000);
const oddText = '\u0000\u202e😀 \ud800 ﷽ <script>';

/** A value of the schema's shape that validation is likely to accept, to reach the handler. */
function example(schema: JsonSchema | undefined): unknown {
  if (!schema) return 'x';
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.anyOf?.length) return example(schema.anyOf.find((option) => option.type !== 'null'));
  const type = Array.isArray(schema.type) ? schema.type.find((each) => each !== 'null') : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([name, property]) => [name, example(property)]),
      );
    case 'array':
      return [];
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1, (schema.exclusiveMinimum ?? 0) + 1);
    case 'boolean':
      return true;
    case 'string':
      if (schema.format === 'email') return 'bad-input@example.com';
      return 'a'.repeat(Math.max(1, schema.minLength ?? 1));
    default:
      return null;
  }
}

/** What a malformed value of one field looks like: wrong types, nulls, extremes, odd text, nesting. */
const BAD_VALUES: Array<[string, unknown]> = [
  ['null', null],
  ['a number', 12345],
  ['a huge string', hugeString],
  ['an array', ['x', 1, null]],
  ['an object', { nested: { role: 'admin' } }],
  ['odd unicode', oddText],
  ['-1', -1],
  ['1e308', 1e308],
  ['a fraction', 1.5],
  ['true', true],
  ['2^53 + 2', 2 ** 53 + 2],
  ['2^31, past a 32-bit id', 2 ** 31],
  ['an empty string', ''],
];

const PATH_VALUES = [
  'abc',
  '-1',
  '0',
  '1.5',
  '1e3',
  '99999999999999999999999999',
  '9007199254740993',
  '2147483648',
  '%E2%82%AC',
  '%F0%9F%98%80',
  '%00',
  '%20',
  '..%2F..',
  '%FF',
  'a'.repeat(199),
];

const QUERY_VALUES = [
  '',
  'abc',
  '-1',
  '1e309',
  '99999999999999999999',
  '%E2%80%AE%00',
  'x'.repeat(4000),
  'true',
  '[]',
];

/**
 * Ids of things the signed-in user owns (their favorite, draft, review, agent), so a plausible request
 * reaches the handler's own work (the update itself) instead of stopping at "not found".
 */
const ownIds: Record<string, string> = {};

function fillPath(path: string, values: Record<string, string> = {}): string {
  return path.replace(
    /\{([^}]+)\}/g,
    (_whole, name: string) => values[name] ?? ownIds[`${path} ${name}`] ?? ownIds[name] ?? '1',
  );
}

/** The whole-body cases, always sent, and one case per field and bad value, sampled under the cap. */
function bodyCases(operation: Operation, url: string): { fixed: Case[]; perField: Case[] } {
  const schema = operation.body;
  if (!schema)
    return { fixed: [{ label: 'an unexpected JSON body', url, body: '{"role":"admin"}' }], perField: [] };
  const base = example(schema);
  const object = (typeof base === 'object' && base !== null ? base : {}) as Record<string, unknown>;
  const objectSchema = schema.anyOf?.find((option) => option.type === 'object') ?? schema;
  const fixed: Case[] = [
    { label: 'text that is not JSON', url, body: 'not json' },
    { label: 'cut-off JSON', url, body: '{"a":' },
    { label: 'an empty body', url, body: '' },
    { label: 'null', url, body: 'null' },
    { label: 'an array', url, body: '[{}]' },
    { label: 'a string', url, body: '"text"' },
    { label: 'a number', url, body: '42' },
    { label: 'deeply nested arrays', url, body: deepArray },
    { label: 'deeply nested objects', url, body: deepObject },
    { label: 'an empty object', url, body: '{}' },
    { label: 'a plausible body', url, body: JSON.stringify(base) },
    {
      label: 'an unknown field',
      url,
      body: JSON.stringify({ ...object, [UNKNOWN_FIELD]: 1 }),
      unknownField: objectSchema.additionalProperties === false,
    },
    {
      label: 'privileged fields',
      url,
      body: JSON.stringify({ ...object, role: 'admin', userId: 1, id: 1 }),
    },
  ];
  // One bad value per field in turn, every field before any gets a second.
  const fields = Object.keys(objectSchema.properties ?? {});
  const perField: Case[] = [];
  for (const [valueLabel, value] of BAD_VALUES) {
    for (const field of fields) {
      perField.push({
        label: `${field} as ${valueLabel}`,
        url,
        body: JSON.stringify({ ...object, [field]: value }),
      });
    }
  }
  return { fixed, perField };
}

function casesFor(operation: Operation): Case[] {
  const pathParams = operation.parameters.filter((parameter) => parameter.in === 'path');
  const queryParams = operation.parameters.filter((parameter) => parameter.in === 'query');
  const validPath = fillPath(operation.path);
  const cases: Case[] = [];
  for (const parameter of pathParams) {
    for (const value of PATH_VALUES) {
      cases.push({
        label: `path ${parameter.name}=${value.slice(0, 20)}`,
        url: fillPath(operation.path, { [parameter.name]: value }),
        ...(operation.body ? { body: JSON.stringify(example(operation.body)) } : {}),
      });
    }
  }
  for (const parameter of queryParams) {
    for (const value of QUERY_VALUES) {
      cases.push({
        label: `query ${parameter.name}=${value.slice(0, 20)}`,
        url: `${validPath}?${parameter.name}=${value}`,
      });
    }
    cases.push({
      label: `query ${parameter.name} twice`,
      url: `${validPath}?${parameter.name}=1&${parameter.name}=2`,
    });
  }
  if (queryParams.length > 0) cases.push({ label: 'an unknown query parameter', url: `${validPath}?zzz=1` });
  const body = ['POST', 'PUT', 'PATCH'].includes(operation.method)
    ? bodyCases(operation, validPath)
    : { fixed: [], perField: [] };
  const sampled = [...cases, ...body.perField];
  // Spread the cap over every kind of case rather than cutting off the last kinds.
  const room = Math.max(0, MAX_CASES_PER_OPERATION - body.fixed.length);
  const step = Math.max(1, sampled.length / room);
  const kept = sampled.length <= room ? sampled : sampled.filter((_, index) => index % step < 1);
  return [...body.fixed, ...kept.slice(0, room)];
}

/** What is wrong with an answer, or null: no 5xx, and each 4xx is `{message, details?}`. */
async function problemWith(response: Response, testCase: Case): Promise<string | null> {
  const text = await response.text();
  if (response.status >= 500) return `answered ${response.status}: ${text.slice(0, 200)}`;
  if (response.status < 400) return null;
  if (!response.headers.get('content-type')?.includes('application/json'))
    return `answered ${response.status} without JSON: ${text.slice(0, 100)}`;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return `answered ${response.status} with a body that is not JSON`;
  }
  if (typeof body !== 'object' || body === null) return `answered ${response.status} with ${text}`;
  const { message, details, ...rest } = body as Record<string, unknown>;
  if (typeof message !== 'string' || message === '') return `answered ${response.status} without a message`;
  if (Object.keys(rest).length > 0) return `answered ${response.status} with extra keys ${Object.keys(rest)}`;
  if (details !== undefined) {
    const valid =
      typeof details === 'object' &&
      details !== null &&
      Object.values(details).every(
        (messages) => Array.isArray(messages) && messages.every((each) => typeof each === 'string'),
      );
    if (!valid) return `answered ${response.status} with malformed details ${JSON.stringify(details)}`;
  }
  if (testCase.unknownField && response.status === 400) {
    const named = details !== undefined && UNKNOWN_FIELD in (details as Record<string, unknown>);
    if (!named) return `refused an unknown field without naming it: ${text.slice(0, 200)}`;
  }
  return null;
}

const cookies: Record<'user' | 'admin', string> = { user: '', admin: '' };
const emails: Record<'user' | 'admin', string> = { user: '', admin: '' };

const github: FakeGithub = await startFakeGithub();
const t: TestApp = await createTestApp({
  RATE_LIMIT_MULTIPLIER: '100000',
  GITHUB_CLIENT_ID: github.clientId,
  GITHUB_CLIENT_SECRET: github.clientSecret,
  GITHUB_WEB_URL: github.url,
  GITHUB_API_URL: github.url,
  GITHUB_APP_SLUG: 'agentatlas-test',
});
const openapi = (await (await t.request('/api/openapi.json')).json()) as {
  paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: { content: object } }>>;
};
const operations: Operation[] = Object.entries(openapi.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, operation]) => ({
    method: method.toUpperCase(),
    path,
    parameters: operation.parameters ?? [],
    body: (operation.requestBody?.content as Record<string, { schema?: JsonSchema }> | undefined)?.[
      'application/json'
    ]?.schema,
  })),
);

beforeAll(async () => {
  for (const role of ['user', 'admin'] as const) {
    const person = await signUpPerson(t, role);
    cookies[role] = person.cookie;
    emails[role] = person.email;
  }
  const asUser = async (method: string, path: string, json?: unknown) => {
    const answer = await callApi<{ id: number }>(t, method, path, cookies.user, json);
    expect(answer.status, `${method} ${path}`).toBeLessThan(300);
    return String(answer.body.id);
  };
  const user = (await (await t.request('/api/auth/user', { headers: { cookie: cookies.user } })).json()) as {
    id: number;
  };
  const make = factories(t.app);
  const agentId = (await make.createAgent()).id;
  const owned = await make.createAgent({ owner_id: user.id });
  ownIds['/api/favorites/{id} id'] = await asUser('POST', '/api/favorites', { agentId });
  ownIds['/api/reviews/{id} id'] = await asUser('POST', `/api/agents/${agentId}/reviews`, {
    rating: 4,
    body: 'A plausible review that is long enough to be accepted.',
  });
  ownIds['/api/reviews/{id}/reply id'] = ownIds['/api/reviews/{id} id'];
  ownIds['/api/drafts/{id} id'] = await asUser('POST', '/api/drafts', { name: 'A draft' });
  ownIds['/api/drafts/{id}/submit id'] = ownIds['/api/drafts/{id} id'];
  ownIds['/api/user/agents/{id} id'] = String(owned.id);
  ownIds['/api/agents/{id}/status id'] = String(owned.id);
  ownIds['/api/admin/reports/{id}/resolve id'] = await asUser('POST', `/api/agents/${agentId}/report`, {
    reason: 'spam',
  });
  ownIds['/api/admin/reports/{id}/dismiss id'] = ownIds['/api/admin/reports/{id}/resolve id'];
  ownIds.agentId = String(agentId);
  ownIds.id = String(agentId);
});
afterAll(async () => {
  await t.close();
  await github.close();
});

/** A case may end the session (logout, force-logout): then the person signs in again. */
async function keepSignedIn(role: 'user' | 'admin') {
  const check = await t.request('/api/auth/user', { headers: { cookie: cookies[role] } });
  await check.text();
  if (check.status === 200) return;
  const login = await t.request('/api/auth/login', {
    method: 'POST',
    json: { username: emails[role], password: TEST_PASSWORD },
  });
  await login.text();
  expect(login.status).toBe(200);
  cookies[role] = cookieFrom(login);
}

describe('bad input from the OpenAPI document', () => {
  it('covers every operation of the document', () => {
    expect(operations.length).toBeGreaterThan(60);
    // Request bodies are strict: the document says so for every one.
    const lenient = operations.filter((operation) => {
      if (SKIPPED.has(`${operation.method} ${operation.path}`)) return false;
      // A body of several shapes (POST /api/drafts/import) is strict in each of them.
      const schemas = operation.body?.oneOf ?? [
        operation.body?.anyOf?.find((option) => option.type === 'object') ?? operation.body,
      ];
      return schemas.some((schema) => schema !== undefined && schema.additionalProperties !== false);
    });
    expect(lenient.map((operation) => `${operation.method} ${operation.path}`)).toEqual([]);
  });

  for (const operation of operations) {
    const name = `${operation.method} ${operation.path}`;
    if (SKIPPED.has(name)) continue;
    it(`${name}: no 5xx and {message, details?} on every 4xx`, async () => {
      const cases = casesFor(operation);
      const roles: Array<'anonymous' | 'user' | 'admin'> = ['anonymous', 'user'];
      if (operation.path.startsWith('/api/admin')) roles.push('admin');
      const problems: string[] = [];
      for (const role of roles) {
        for (const testCase of cases) {
          const cookie = role === 'anonymous' ? undefined : cookies[role];
          const response = await t.request(testCase.url, {
            method: operation.method,
            headers: {
              ...(cookie ? { cookie } : {}),
              ...(testCase.body !== undefined ? { 'content-type': 'application/json' } : {}),
            },
            ...(testCase.body !== undefined ? { body: testCase.body } : {}),
          });
          const problem = await problemWith(response, testCase);
          if (problem) problems.push(`${role}, ${testCase.label}: ${problem}`);
        }
        if (role !== 'anonymous') await keepSignedIn(role);
      }
      expect(problems).toEqual([]);
    });
  }
});
